import { describe, expect, it } from 'vitest';
import { sourceGraphqlBase } from './graphql-posts';

describe('the source’s GraphQL base', () => {
  it('is GHES’s /api beside /api/v3, and GitHub.com’s API root', () => {
    expect(sourceGraphqlBase('https://ghes.example.com/api/v3')).toBe('https://ghes.example.com/api');
    expect(sourceGraphqlBase('https://ghes.example.com/api/v3/')).toBe('https://ghes.example.com/api');
    expect(sourceGraphqlBase('https://api.github.com')).toBe('https://api.github.com');
    expect(sourceGraphqlBase('http://localhost:5173/api/v3')).toBe('http://localhost:5173/api');
  });
});
