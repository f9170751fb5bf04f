import { describe, expect, it } from 'vitest';
import { matchParams } from './page-data';

describe('matchParams', () => {
  it('reads the named segments, decoded', () => {
    expect(matchParams('/imports/:owner/:repo', '/imports/octo-org/hello%2Dworld')).toEqual({
      owner: 'octo-org',
      repo: 'hello-world',
    });
    expect(matchParams('/imports/:owner/:repo', '/imports/octo-org/hello-world/')).toEqual({
      owner: 'octo-org',
      repo: 'hello-world',
    });
  });

  it('refuses other shapes, empty segments and broken escapes', () => {
    expect(matchParams('/imports/:owner/:repo', '/imports/octo-org')).toBeUndefined();
    expect(matchParams('/imports/:owner/:repo', '/imports/octo-org/a/b')).toBeUndefined();
    expect(matchParams('/imports/:owner/:repo', '/migrations/octo-org/a')).toBeUndefined();
    expect(matchParams('/imports/:owner/:repo', '/imports//a')).toBeUndefined();
    expect(matchParams('/imports/:owner/:repo', '/imports/%E0%A4%A/a')).toBeUndefined();
  });
});
