import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitiesAnswer, IdentityDraftsSaved, ReclaimAnswer } from '@/contracts/identities';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { ORG_QUERY, SOURCE, START_MIGRATION, upload } from '@/simulator/target/test-harness';
import { readAsGhGei } from './gh-gei-csv-reader';

/** `/api/identities/*` over the gateway as composed, on the embedded simulator's target, with a store. */
let testStore: TestStore;
let gateway: Gateway;
const ORIGIN = 'http://localhost:5180';

function call(
  path: string,
  init: { method?: string; body?: unknown; type?: string; headers?: Record<string, string> } = {},
) {
  return gateway.app.request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'sec-fetch-site': 'same-origin',
      origin: ORIGIN,
      ...init.headers,
      ...(init.body === undefined ? {} : { 'content-type': init.type ?? 'application/json' }),
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
}

async function targetGraphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const simulator = gateway.simulator;
  if (!simulator) throw new Error('no simulator');
  const response = await simulator.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return ((await response.json()) as { data: T }).data;
}

/** An import into octo-target whose issues were written by hubot, ada and octocat: mannequins hubot and ada. */
async function importWithAuthors() {
  const simulator = gateway.simulator;
  if (!simulator) throw new Error('no simulator');
  const { organization: org } = await targetGraphql<{ organization: { id: string; databaseId: number } }>(
    ORG_QUERY,
    { login: TARGET_ORG },
  );
  const bytes = await buildTestArchive({
    owner: 'octo-org',
    name: 'people',
    commits: 1,
    branches: [],
    tags: [],
    issueAuthors: ['hubot', 'ada', 'octocat'],
    pullAuthors: [],
    releases: 0,
  });
  const { uri } = (await (await upload(simulator, org.databaseId, bytes, TARGET_TOKENS.octocat)).json()) as {
    uri: string;
  };
  const { createMigrationSource } = await targetGraphql<{
    createMigrationSource: { migrationSource: { id: string } };
  }>(SOURCE, { name: 'GHES Source', url: 'https://ghes.example', ownerId: org.id, type: 'GITHUB_ARCHIVE' });
  await targetGraphql(START_MIGRATION, {
    sourceId: createMigrationSource.migrationSource.id,
    ownerId: org.id,
    sourceRepositoryUrl: 'https://ghes.example/octo-org/people',
    repositoryName: 'people',
    continueOnError: true,
    gitArchiveUrl: uri,
    metadataArchiveUrl: uri,
    accessToken: 'not-used',
  });
  simulator.advance(3_600);
}

type Listed = IdentitiesAnswer['mannequins'][number];
const named = (answer: IdentitiesAnswer, login: string): Listed => {
  const found = answer.mannequins.find((m) => m.login === login);
  if (!found) throw new Error(`no mannequin ${login}`);
  return found;
};

const list = async (query = `target=${TARGET_ORG}`) => {
  const response = await call(`/api/identities?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as IdentitiesAnswer;
};

beforeAll(async () => {
  testStore = await openTestStore();
  gateway = composeGateway(
    loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet', SIM_CREDENTIALS: 'several' }),
    {
      store: testStore.store,
      watch: false,
      controlAccess: 'any',
    },
  );
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await testStore.store.close();
});

describe('the identity map of octo-target', () => {
  it('has no mannequins before an import, and lists the members with their e-mails', async () => {
    const answer = await list();
    expect(answer.mannequins).toEqual([]);
    expect(answer.members.map((m) => [m.login, m.email])).toEqual([
      ['octocat', 'octocat@example.com'],
      ['hubot-cloud', 'hubot@example.com'],
      ['monalisa', expect.any(String)],
    ]);
    expect(answer.suggestions).toEqual([]);
  });

  it('after an import: the mannequins, hubot → hubot-cloud suggested by e-mail; the map saved as drafts', async () => {
    await importWithAuthors();
    const answer = await list();
    // GitHub lists them by creation (CREATED_AT ascending, its default order).
    expect(answer.mannequins.map((m) => [m.login, m.email, m.claimant])).toEqual([
      ['ada', 'ada@example.com', null],
      ['hubot', 'hubot@example.com', null],
    ]);
    const hubot = named(answer, 'hubot');
    expect(hubot.id).toMatch(/^M_/);
    expect(answer.suggestions).toEqual([{ mannequinId: hubot.id, targetUser: 'hubot-cloud', why: 'email' }]);

    const ada = named(answer, 'ada');
    const saved = await call(`/api/identities/drafts?target=${TARGET_ORG}`, {
      method: 'PUT',
      body: {
        client: 'browser-one',
        saves: [
          { mannequinId: hubot.id, databaseId: hubot.databaseId, targetUser: 'hubot-cloud', baseVersion: 0 },
          { mannequinId: ada.id, databaseId: ada.databaseId, targetUser: 'outsider', baseVersion: 0 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    // A second person saves over the first one's ada from the same base: told whom they overwrote.
    const second = (await (
      await call(`/api/identities/drafts?target=${TARGET_ORG}`, {
        method: 'PUT',
        body: {
          client: 'browser-two',
          saves: [
            { mannequinId: ada.id, databaseId: ada.databaseId, targetUser: 'outsider', baseVersion: 0 },
          ],
        },
      })
    ).json()) as IdentityDraftsSaved;
    expect(second.results[0]?.overwrote).toMatchObject({ updatedBy: 'browser-one', targetUser: 'outsider' });
    const drafts = (await list()).drafts.map((d) => [d.mannequinId, d.targetUser, d.version]);
    expect(drafts).toEqual(
      expect.arrayContaining([
        [hubot.id, 'hubot-cloud', 1],
        [ada.id, 'outsider', 2],
      ]),
    );
    expect(drafts).toHaveLength(2);
  });

  it('the reclaim CSV is what gh gei reclaim-mannequin --csv reads: one line per mapped mannequin', async () => {
    const response = await call(`/api/identities/reclaim.csv?target=${TARGET_ORG}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="reclaim-octo-target.csv"',
    );
    const text = await response.text();
    const answer = await list();
    expect(text).toBe(
      `mannequin-user,mannequin-id,target-user\nada,${named(answer, 'ada').id},outsider\nhubot,${named(answer, 'hubot').id},hubot-cloud\n`,
    );
    expect(readAsGhGei(text)).toHaveLength(2);
  });

  it('reclaims: hubot-cloud invited, a non-member refused in GitHub’s words; accepted 10 simulated minutes later', async () => {
    const answer = await list();
    const hubot = named(answer, 'hubot');
    const ada = named(answer, 'ada');
    const started = Date.now();
    const response = await call('/api/identities/reclaim', {
      method: 'POST',
      body: {
        target: TARGET_ORG,
        mappings: [
          { mannequinId: hubot.id, targetUser: 'hubot-cloud' },
          { mannequinId: ada.id, targetUser: 'outsider' },
          { mannequinId: 'M_kgDOnothere', targetUser: 'monalisa' },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReclaimAnswer).results).toEqual([
      { mannequinId: hubot.id, targetUser: 'hubot-cloud', result: 'invited' },
      {
        mannequinId: ada.id,
        targetUser: 'outsider',
        result: 'refused',
        reason: 'Target must be a member of the octo-target organization',
      },
      {
        mannequinId: 'M_kgDOnothere',
        targetUser: 'monalisa',
        result: 'refused',
        reason: 'No mannequin with this id in octo-target.',
      },
    ]);
    // Two mutations, paced through the store's write slots: at least one spacing apart.
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);

    const after = await list();
    expect(after.invitations).toEqual([
      { mannequinId: hubot.id, targetUser: 'hubot-cloud', sentAt: expect.any(String) as unknown },
    ]);
    expect(named(after, 'hubot').claimant).toBeNull();
    gateway.simulator?.advance(600);
    const accepted = await list();
    expect(named(accepted, 'hubot').claimant).toMatchObject({ login: 'hubot-cloud' });
    // A reclaimed mannequin leaves the CSV (gh gei would skip it) and is not suggested again.
    expect(accepted.suggestions).toEqual([]);
    const csv = await (await call(`/api/identities/reclaim.csv?target=${TARGET_ORG}`)).text();
    expect(readAsGhGei(csv).map((row) => row.login)).toEqual(['ada']);
  });

  it('a credential that may not reclaim is refused once, in GitHub’s words (a migrator, an App)', async () => {
    const ada = named(await list(), 'ada');
    const migrator = await call('/api/identities/reclaim', {
      method: 'POST',
      body: {
        target: TARGET_ORG,
        credential: 'monalisa',
        mappings: [{ mannequinId: ada.id, targetUser: 'monalisa' }],
      },
    });
    expect(migrator.status).toBe(403);
    // A migrator's token has read:org, not admin:org: GitHub names the scope it lacks.
    expect(((await migrator.json()) as { message: string }).message).toContain(
      "The 'createAttributionInvitation' field requires one of the following scopes: ['admin:org']",
    );
    const app = await call(`/api/identities?target=${TARGET_ORG}&credential=app`);
    expect(app.status).toBe(403);
    expect(((await app.json()) as { message: string }).message).toContain(
      'Resource not accessible by integration',
    );
  });

  it('GitHub’s secondary limit on the first invitation: 429 with retry-after, nothing recorded as sent', async () => {
    const ada = named(await list(), 'ada');
    const fault = await call('/__sim/faults/target', {
      method: 'POST',
      body: { kind: 'secondary-rate-limit', field: 'createAttributionInvitation', count: 1 },
      headers: { 'x-ferry-sim-intent': 'faults' },
    });
    expect(fault.status).toBe(201);
    const limited = await call('/api/identities/reclaim', {
      method: 'POST',
      body: { target: TARGET_ORG, mappings: [{ mannequinId: ada.id, targetUser: 'monalisa' }] },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Headed as the target GitHub's trouble, not Ferry's (the pages say whose it is).
    expect(await limited.json()).toMatchObject({
      upstream: 'github',
      side: 'target',
      code: 'TARGET_RATE_LIMITED',
    });
    // The account is held: the map's reads wait too (nothing sent with its token until the limit lifts).
    expect((await call(`/api/identities?target=${TARGET_ORG}`)).status).toBe(429);
    // The limit lifted (the test ends the hold in the store): the invitation was never recorded as sent.
    await testStore.store.executeSql(`delete from write_pace where account like 'hold:%'`, []);
    expect((await list()).invitations.map((i) => i.mannequinId)).not.toContain(ada.id);
  });

  it('without invitations (EMU only): refused in GitHub’s words elsewhere, reattributed at once in an EMU organization', async () => {
    const ada = named(await list(), 'ada');
    const reclaim = (mappings: { mannequinId: string; targetUser: string }[]) =>
      call('/api/identities/reclaim', {
        method: 'POST',
        body: { target: TARGET_ORG, skipInvitation: true, mappings },
      });
    const plain = await reclaim([
      { mannequinId: ada.id, targetUser: 'monalisa' },
      { mannequinId: named(await list(), 'hubot').id, targetUser: 'monalisa' },
    ]);
    expect(plain.status).toBe(200);
    const refused = ((await plain.json()) as ReclaimAnswer).results;
    expect(refused[0]).toMatchObject({
      result: 'refused',
      reason: expect.stringMatching(/Enterprise Managed User/) as unknown,
    });
    expect(named(await list(), 'ada').claimant).toBeNull();

    const emu = await call('/__sim/faults/target/quirks', {
      method: 'POST',
      body: { emu: true },
      headers: { 'x-ferry-sim-intent': 'faults' },
    });
    expect(emu.status).toBe(200);
    const done = await reclaim([{ mannequinId: ada.id, targetUser: 'monalisa' }]);
    expect(((await done.json()) as ReclaimAnswer).results).toEqual([
      { mannequinId: ada.id, targetUser: 'monalisa', result: 'reattributed' },
    ]);
    // No invitation to wait for: the mannequin is claimed at once, and none is recorded as invited.
    const after = await list();
    expect(named(after, 'ada').claimant).toMatchObject({ login: 'monalisa' });
    expect(after.invitations.map((i) => i.mannequinId)).not.toContain(ada.id);
    expect(after.reattributions).toEqual([
      { mannequinId: ada.id, targetUser: 'monalisa', sentAt: expect.any(String) as unknown },
    ]);
  });

  it('an organization the target does not know is a 422 with GitHub’s words', async () => {
    const response = await call('/api/identities?target=no-such-org');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toContain(
      "Could not resolve to an Organization with the login of 'no-such-org'",
    );
  });
});

describe('hostile input to the identity routes: a 4xx, never a 500', () => {
  const mapping = { mannequinId: 'M_kgDOAAAAAQ', targetUser: 'hubot-cloud' };
  it.each([
    ['NUL in a login', { target: 'octo\u0000target', mappings: [mapping] }, 400],
    [
      'NUL in a mannequin id',
      { target: TARGET_ORG, mappings: [{ ...mapping, mannequinId: 'M_\u0000' }] },
      400,
    ],
    [
      '10,000 mappings',
      {
        target: TARGET_ORG,
        mappings: Array.from({ length: 10_000 }, (_, i) => ({ mannequinId: `M_${i}`, targetUser: 'x' })),
      },
      413,
    ],
    [
      '1,001 mappings',
      {
        target: TARGET_ORG,
        mappings: Array.from({ length: 1_001 }, (_, i) => ({ mannequinId: `M_${i}`, targetUser: 'x' })),
      },
      400,
    ],
    ['an unknown field', { target: TARGET_ORG, mappings: [mapping], force: true }, 400],
    ['skipInvitation not a boolean', { target: TARGET_ORG, mappings: [mapping], skipInvitation: 'yes' }, 400],
    ['an unknown field in a mapping', { target: TARGET_ORG, mappings: [{ ...mapping, force: true }] }, 400],
    ['a mannequin twice', { target: TARGET_ORG, mappings: [mapping, mapping] }, 400],
    ['no mappings', { target: TARGET_ORG, mappings: [] }, 400],
    ['an array', [mapping], 400],
  ])('%s', async (_, body, status) => {
    const response = await call('/api/identities/reclaim', { method: 'POST', body });
    expect(response.status).toBe(status);
  });

  it('non-JSON, another media type, a bad query, bad draft saves', async () => {
    expect((await call('/api/identities/reclaim', { method: 'POST', body: '{not json' })).status).toBe(400);
    expect(
      (await call('/api/identities/reclaim', { method: 'POST', body: 'a=b', type: 'text/plain' })).status,
    ).toBe(415);
    expect((await call('/api/identities?target=%00')).status).toBe(400);
    expect((await call(`/api/identities?target=${TARGET_ORG}&credential=NOPE!`)).status).toBe(400);
    expect((await call('/api/identities/reclaim.csv')).status).toBe(400);
    const put = (body: unknown) =>
      call(`/api/identities/drafts?target=${TARGET_ORG}`, { method: 'PUT', body });
    expect(
      (
        await put({
          client: 'browser-one',
          saves: [{ mannequinId: 'M_1', databaseId: 2 ** 31, targetUser: 'a', baseVersion: 0 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await put({
          client: 'browser-one',
          saves: [{ mannequinId: 'M_1', databaseId: 1, targetUser: 'a b', baseVersion: 0 }],
        })
      ).status,
    ).toBe(400);
    expect((await put({ client: 'x', saves: [] })).status).toBe(400);
    expect((await put({ client: 'browser-one', saves: [], extra: 1 })).status).toBe(400);
  });
});
