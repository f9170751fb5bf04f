import { describe, expect, it } from 'vitest';
import { crowdFor, crowdOf, MAX_CROWD } from './crowd';
import { TARGET_ORG, TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import { harness, ORG_QUERY, SOURCE, START_MIGRATION, upload, type Org } from './test-harness';

const PAGE = `query($login: String!, $after: String) { organization(login: $login) {
  mannequins(first: 100, after: $after) { pageInfo { endCursor hasNextPage } nodes { id databaseId login email } } } }`;
const MEMBERS = `query($login: String!, $after: String) { organization(login: $login) {
  membersWithRole(first: 100, after: $after) { pageInfo { endCursor hasNextPage } nodes { login email } } } }`;

interface Page<T> {
  pageInfo: { endCursor: string; hasNextPage: boolean };
  nodes: T[];
}
type Person = { login: string; email: string | null };

describe('a large source organization’s people on the target (the crowd)', () => {
  it('is in proportion to the archive’s users, only for big-org, the same on every build', () => {
    expect(crowdFor('big-org', 2)).toEqual({ source: 'big-org', people: 3_000 });
    expect(crowdFor('Big-Org', 10)).toEqual({ source: 'big-org', people: MAX_CROWD });
    expect(crowdFor('octo-org', 2)).toBeUndefined();
    expect(crowdFor('big-org', 0)).toBeUndefined();
    const crowd = crowdOf({ source: 'big-org', people: 3_000 });
    expect(crowdOf({ source: 'big-org', people: 3_000 })).toBe(crowd);
    const logins = crowd.mannequins.map((m) => m.login);
    expect(new Set(logins).size).toBe(3_000);
    expect(new Set(crowd.mannequins.map((m) => m.databaseId)).size).toBe(3_000);
    expect(crowd.mannequins[0]).toMatchObject({ id: expect.stringMatching(/^M_kgDO/) as unknown });
  });

  it('overlaps the target’s accounts as a move finds them: same e-mail, same login, someone who left, nobody', () => {
    const crowd = crowdOf({ source: 'big-org', people: 3_000 });
    const members = new Set(crowd.members);
    const byEmail = new Map<string, string[]>();
    for (const account of crowd.accounts)
      if (members.has(account.login) && account.email)
        byEmail.set(account.email.toLowerCase(), [
          ...(byEmail.get(account.email.toLowerCase()) ?? []),
          account.login,
        ]);
    const byLogin = new Set(crowd.members);
    const left = new Set(crowd.accounts.filter((a) => !members.has(a.login)).map((a) => a.email));
    let email = 0;
    let login = 0;
    let gone = 0;
    let none = 0;
    let noEmail = 0;
    for (const m of crowd.mannequins) {
      if (m.email === null) noEmail++;
      if (m.email && byEmail.get(m.email.toLowerCase())?.length === 1) email++;
      else if (byLogin.has(m.login)) login++;
      else if (m.email && left.has(m.email)) gone++;
      else none++;
    }
    // Shares of 3,000 (40 / 20 / 5 / 35 %), within a seeded generator's spread.
    expect(email).toBeGreaterThan(1_050);
    expect(email).toBeLessThan(1_350);
    expect(login).toBeGreaterThan(500);
    expect(login).toBeLessThan(700);
    expect(gone).toBeGreaterThan(100);
    expect(gone).toBeLessThan(200);
    expect(none).toBeGreaterThan(950);
    expect(noEmail).toBeGreaterThan(60);
    // E-mails differ in case for some (the map compares them case aside).
    expect(crowd.accounts.some((a) => a.email !== '' && a.email === a.email.toUpperCase())).toBe(true);
  });

  it('arrives with a big-org import: thousands of mannequins, the members who match them, paged as GitHub does', async () => {
    const h = harness();
    const org = (await h.graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
      .organization;
    const bytes = await buildTestArchive({
      owner: 'big-org',
      name: 'api-001',
      commits: 1,
      branches: [],
      tags: [],
      issueAuthors: ['hubot', 'octocat'],
      pullAuthors: [],
      releases: 0,
    });
    const { uri } = (await (await upload(h.sim, org.databaseId, bytes, TARGET_TOKENS.octocat)).json()) as {
      uri: string;
    };
    const source = await h.graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(SOURCE, {
      name: 'GHES',
      url: 'https://ghes.example',
      ownerId: org.id,
      type: 'GITHUB_ARCHIVE',
    });
    const started = performance.now();
    await h.graphql(START_MIGRATION, {
      sourceId: source.body.data.createMigrationSource.migrationSource.id,
      ownerId: org.id,
      sourceRepositoryUrl: 'https://ghes.example/big-org/api-001',
      repositoryName: 'api-001',
      continueOnError: true,
      gitArchiveUrl: uri,
      metadataArchiveUrl: uri,
      accessToken: 'x',
    });
    h.sim.advance(3_600);
    const mannequins: Person[] = [];
    let after: string | null = null;
    do {
      const answer = await h.graphql<{ organization: { mannequins: Page<Person> } }>(PAGE, {
        login: TARGET_ORG,
        after,
      });
      const page: Page<Person> = answer.body.data.organization.mannequins;
      mannequins.push(...page.nodes);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    const members: Person[] = [];
    do {
      const answer = await h.graphql<{ organization: { membersWithRole: Page<Person> } }>(MEMBERS, {
        login: TARGET_ORG,
        after,
      });
      const page: Page<Person> = answer.body.data.organization.membersWithRole;
      members.push(...page.nodes);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    const elapsed = performance.now() - started;
    // hubot (an issue author with no account) and the crowd of 2 archive users × 1,500.
    expect(mannequins).toHaveLength(3_001);
    expect(mannequins[0]).toMatchObject({ login: 'hubot' });
    const emails = new Set(members.map((m) => (m.email ?? '').toLowerCase()).filter(Boolean));
    const logins = new Set(members.map((m) => m.login));
    expect(mannequins.filter((m) => emails.has((m.email ?? '').toLowerCase())).length).toBeGreaterThan(1_000);
    expect(mannequins.filter((m) => logins.has(m.login)).length).toBeGreaterThan(500);
    // Reading 3,001 mannequins and ~1,800 members (50 pages) stays cheap.
    expect(elapsed).toBeLessThan(5_000);
    console.info(
      `crowd import and read: ${mannequins.length} mannequins, ${members.length} members, ${Math.round(elapsed)} ms`,
    );
  }, 30_000);
});
