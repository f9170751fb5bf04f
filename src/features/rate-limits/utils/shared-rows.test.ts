import { describe, expect, it } from 'vitest';
import { sharedRows } from './shared-rows';

const category = (name: string, remaining: number, limit = 100) => ({
  name,
  limit,
  remaining,
  used: limit - remaining,
  reset: 4102444800,
});

describe('sharedRows', () => {
  it('lists each category once, placed by its most pressed column', () => {
    const octocat = [category('core', 90), category('search', 50)];
    const app = [category('core', 5), category('search', 80), category('graphql', 100)];
    expect(sharedRows([octocat, app])).toEqual(['core', 'search', 'graphql']);
  });

  it('keeps a category only one column has, and skips columns not loaded yet', () => {
    expect(sharedRows([undefined, [category('scim', 0)], [category('core', 100)]])).toEqual(['scim', 'core']);
  });
});
