import { describe, expect, it } from 'vitest';
import type { CredentialSummary } from '@/contracts/credentials';
import { budgetColumns } from './budget-columns';

const CREDENTIALS: CredentialSummary[] = [
  { name: 'default', kind: 'classic' },
  { name: 'hubot', kind: 'classic' },
  { name: 'second', kind: 'fine-grained' },
  { name: 'app', kind: 'app' },
];
const titles = (columns: ReturnType<typeof budgetColumns>) => columns.map((column) => column.title);

describe('budgetColumns', () => {
  it('puts the credentials of one budget in one column, in configuration order', () => {
    const columns = budgetColumns(CREDENTIALS, [
      { account: 'octocat', kind: 'user', credentials: ['default', 'second'] },
      { account: 'hubot', kind: 'user', credentials: ['hubot'] },
      { account: 'app', kind: 'installation', credentials: ['app'] },
    ]);
    expect(titles(columns)).toEqual(['octocat: default, second', 'hubot', 'app']);
    expect(columns[0]).toMatchObject({ sharedBy: 'octocat' });
    expect(columns[1]?.sharedBy).toBeUndefined();
  });

  it('shows each credential alone when the grouping is not known, or does not name it', () => {
    expect(titles(budgetColumns(CREDENTIALS, undefined))).toEqual(['default', 'hubot', 'second', 'app']);
    const columns = budgetColumns(CREDENTIALS, [
      { account: 'octocat', kind: 'user', credentials: ['default', 'gone'] },
    ]);
    expect(titles(columns)).toEqual(['default', 'hubot', 'second', 'app']);
  });
});
