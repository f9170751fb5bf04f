import { describe, expect, it } from 'vitest';
import { importSubject, migrationSubject, normaliseSubject, ownerKey } from './subjects';

describe('timeline subjects', () => {
  it('are lowercased however the owner was typed (GitHub ignores case in logins and names)', () => {
    expect(migrationSubject({ kind: 'org', org: 'Octo-Org' }, 42)).toBe('org/octo-org/migration/42');
    expect(migrationSubject({ kind: 'user' }, '7')).toBe('user/migration/7');
    expect(importSubject('OctoCat', 'Hello-World')).toBe('repo/octocat/hello-world/import');
    expect(ownerKey({ kind: 'org', org: 'Octo-Org' })).toBe('org/octo-org');
    expect(normaliseSubject('org/Octo-Org/migration/42')).toBe(
      migrationSubject({ kind: 'org', org: 'octo-org' }, 42),
    );
  });
});
