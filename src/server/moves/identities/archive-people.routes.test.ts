import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitiesAnswer } from '@/contracts/identities';
import type { Move } from '@/contracts/move-run';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { TARGET_ORG } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';

/**
 * `GET /api/identities` with the archives of the moves into the target: their users and commit authors, each
 * with the member its e-mail names; a hostile archive is a note of its own, never a 500.
 */
let testStore: TestStore;
let gateway: Gateway;
let archiveDir: string;
const ORIGIN = 'http://localhost:5180';

const list = async () => {
  const response = await gateway.app.request(`${ORIGIN}/api/identities?target=${TARGET_ORG}`, {
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as IdentitiesAnswer;
};

function move(id: string, target: string, archives: [string, string][]): Move {
  const at = new Date(0).toISOString();
  return {
    id,
    createdAt: at,
    updatedAt: at,
    state: 'completed',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: target },
    request: { source: { kind: 'org', login: 'octo-org' }, target: { login: target }, filters: {} },
    afterValidation: 'unlock',
    repositories: archives.map(([name, file]) => ({
      name,
      targetName: name,
      visibility: 'private',
      step: 'done',
      archive: { file, bytes: 1, sha256: `sha-${name}` },
    })),
    requests: { source: 0, target: 0, targetPoints: 0 },
  } as Move;
}

beforeAll(async () => {
  archiveDir = await mkdtemp(join(tmpdir(), 'identities-archives-'));
  testStore = await openTestStore();
  gateway = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }), {
    store: testStore.store,
    watch: false,
    archiveDir,
  });
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await testStore.store.close();
  await rm(archiveDir, { recursive: true, force: true });
});

describe('archive users and commit authors in the identity map', () => {
  it('no move yet: no archive, no archive users, no commit authors', async () => {
    const answer = await list();
    expect(answer.archives).toEqual([]);
    expect(answer.archiveUsers).toEqual([]);
    expect(answer.commitAuthors).toEqual([]);
  });

  it('a move’s archives: users with the member their e-mail names, commit authors, a hostile archive noted', async () => {
    const good = join(archiveDir, 'people.tar.gz');
    await writeFile(
      good,
      await buildTestArchive({
        owner: 'octo-org',
        name: 'people',
        commits: 2,
        branches: [],
        tags: [],
        issueAuthors: ['hubot', 'ada'],
        pullAuthors: [],
        releases: 0,
      }),
    );
    const hostile = join(archiveDir, 'hostile.tar.gz');
    await writeFile(hostile, Buffer.from('\u0000not a gzip'));
    await testStore.store.moves.save(
      move('m1', TARGET_ORG, [
        ['people', good],
        ['hostile', hostile],
        ['elsewhere', '/etc/hostname'],
      ]),
    );
    await testStore.store.moves.save(
      move('m2', 'another-org', [['other', join(archiveDir, 'other.tar.gz')]]),
    );

    const answer = await list();
    expect(answer.archiveUsers).toEqual([
      {
        login: 'hubot',
        name: 'hubot',
        emails: ['hubot@example.com'],
        suggestion: { targetUser: 'hubot-cloud', why: 'email' },
      },
      { login: 'ada', name: 'ada', emails: ['ada@example.com'] },
    ]);
    // buildTestArchive's commits are octocat's: octocat is a member of octo-target with that e-mail.
    expect(answer.commitAuthors).toEqual([
      {
        name: 'Octocat',
        email: 'octocat@example.com',
        from: 'archive',
        suggestion: { targetUser: 'octocat', why: 'email' },
      },
    ]);
    expect(answer.archives?.[1]?.note).toMatch(/^Not a readable gzip tar/);
    expect(answer.archives).toEqual([
      { repository: 'octo-org/people', state: 'read' },
      { repository: 'octo-org/hostile', state: 'refused', note: answer.archives?.[1]?.note },
      {
        repository: 'octo-org/elsewhere',
        state: 'refused',
        note: 'The archive is outside ARCHIVE_DIR: not read.',
      },
    ]);
  });

  it('a source import Ferry followed: its author mapping as commit authors; an import GitHub lost, a note', async () => {
    const simulator = gateway.simulator;
    if (!simulator) throw new Error('no simulator');
    const started = await simulator.fetch(
      new Request('http://sim.test/api/v3/repos/octo-org/hello-world/import', {
        method: 'PUT',
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
        body: JSON.stringify({ vcs_url: 'http://svn.example.com/svn/authors-3', vcs: 'subversion' }),
      }),
    );
    expect(started.status).toBe(201);
    simulator.advance(120);
    await testStore.store.recent.touch('import', 'octo-org/hello-world', new Date());
    await testStore.store.recent.touch('import', 'octo-org/no-import-here', new Date(0));

    const answer = await list();
    const imported = (answer.commitAuthors ?? []).filter((author) => author.from === 'import');
    expect(imported).toHaveLength(3);
    expect(imported.every((author) => author.repository === 'octo-org/hello-world')).toBe(true);
    expect(answer.imports?.map((reading) => [reading.repository, reading.state])).toEqual([
      ['octo-org/hello-world', 'read'],
      ['octo-org/no-import-here', 'refused'],
    ]);
    expect(answer.imports?.[1]?.note).toMatch(/^GitHub answered 404/);
  });
});
