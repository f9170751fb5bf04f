import { describe, expect, it } from 'vitest';
import { editsKey, loadEdits, saveEdits } from './edits-storage';
import { formatBytes } from './format-bytes';
import { sourceUrlProblem } from './source-url';

describe('edits storage', () => {
  it('is keyed by repository and import and ignores junk', () => {
    const key = editsKey('Octo-Org', 'Hello-World', 'http://svn/x');
    expect(key).toContain('octo-org/hello-world');
    saveEdits(localStorage, key, { 1: { name: 'A' } });
    expect(loadEdits(localStorage, key)).toEqual({ 1: { name: 'A' } });
    saveEdits(localStorage, key, {});
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, '{"x": 1}');
    expect(loadEdits(localStorage, key)).toEqual({});
    localStorage.setItem(key, 'not json');
    expect(loadEdits(localStorage, key)).toEqual({});
  });
});

describe('helpers', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(132_331_036, 'en')).toBe('126.2 MB');
    expect(formatBytes(1024 ** 3 * 1.5, 'en')).toBe('1.5 GB');
  });
  it('validates source URLs', () => {
    expect(sourceUrlProblem('http://svn.example.com/svn/project')).toBeUndefined();
    expect(sourceUrlProblem('svn+ssh://svn.example.com/repo')).toBeUndefined();
    expect(sourceUrlProblem('')).toMatch(/Enter/);
    expect(sourceUrlProblem('example.com/repo')).toMatch(/not a URL/);
    expect(sourceUrlProblem('ftp://example.com/repo')).toMatch(/cannot read ftp/);
    expect(sourceUrlProblem('https://user:pw@example.com/repo')).toMatch(/own fields/);
  });
});
