import { describe, expect, it } from 'vitest';
import { buildRows } from './author-edits';
import { domainProblem, ruleChanges, userOf } from './bulk-rule';

const uuid = 'fc7da526-431c-80fe-3c8c-c148ff18d7ef';
const authors = [
  { id: 1, remoteId: `svner@${uuid}`, remoteName: 'svner', name: 'svner', email: `svner@${uuid}` },
  {
    id: 2,
    remoteId: `ada@old.org@${uuid}`,
    remoteName: 'ada@old.org',
    name: 'ada@old.org',
    email: `ada@old.org@${uuid}`,
  },
  { id: 3, remoteId: `hubot@${uuid}`, remoteName: 'hubot', name: 'Hubot', email: 'hubot@github.com' },
];

describe('map by rule', () => {
  it('maps only authors still synthesised to user@domain, keeping their names', () => {
    const rows = buildRows(authors, {});
    expect(ruleChanges(rows, { domain: 'Company.com', onlySynthesised: true })).toEqual([
      { id: 1, remoteName: 'svner', name: 'svner', email: 'svner@company.com' },
      { id: 2, remoteName: 'ada@old.org', name: 'ada@old.org', email: 'ada@company.com' },
    ]);
    expect(ruleChanges(rows, { domain: 'company.com', onlySynthesised: false }).map((c) => c.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it('refuses a domain that is not one and leaves rows already mapped alone', () => {
    expect(domainProblem('')).toBeDefined();
    expect(domainProblem('not a domain')).toBeDefined();
    expect(domainProblem('@company.com')).toBeUndefined();
    expect(ruleChanges(buildRows(authors, {}), { domain: 'x y', onlySynthesised: false })).toEqual([]);
    const rows = buildRows(authors, { 1: { email: 'svner@company.com' } });
    expect(ruleChanges(rows, { domain: 'company.com', onlySynthesised: false }).map((c) => c.id)).toEqual([
      2, 3,
    ]);
    expect(userOf('first last')).toBe('first.last');
  });
});
