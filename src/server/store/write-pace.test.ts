import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { jsonBounds } from '../outbound/bounds';
import { createGithubClient } from '../waves/github-client';
import { createFerryStore, type FerryStore } from './ferry-store';
import { openStore } from './open-store';
import { openTestStore } from './test-store';

/**
 * Issue 33, item 9: GitHub asks for a second between one user's mutating requests; a team's three gateways
 * used to space only their own (three writes a second for one account). On a PostgreSQL server each gateway
 * here has its own connection pool; on the embedded store one store stands for all three (the same SQL).
 */
const GATEWAYS = 3;
let stores: FerryStore[] = [];
beforeAll(async () => {
  const first = (await openTestStore()).store;
  stores = [first];
  for (let n = 1; n < GATEWAYS; n++)
    stores.push(
      process.env.DATABASE_URL
        ? createFerryStore(await openStore({ databaseUrl: process.env.DATABASE_URL }))
        : first,
    );
}, 60_000);
afterAll(async () => {
  for (const store of new Set(stores)) await store.close();
});

describe('one account’s write pace, shared by the team', () => {
  it('hands out slots at least the spacing apart, whichever gateway asks; other accounts are not held up', async () => {
    const asked = Date.now();
    const waits = await Promise.all(
      Array.from({ length: 6 }, (_, n) => stores[n % GATEWAYS]!.writePace.reserve('user:pace-a', 1_000)),
    );
    const slots = waits.map((wait) => wait).sort((a, b) => a - b);
    expect(slots[0]).toBeLessThan(200);
    for (let n = 1; n < slots.length; n++) expect(slots[n]! - slots[n - 1]!).toBeGreaterThan(800);
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(await stores[1]!.writePace.reserve('user:pace-b', 1_000)).toBeLessThan(200);
  });

  it('three gateways’ clients of one account send its writes a second apart, not three a second', async () => {
    const sent: number[] = [];
    const fetch = (request: Request) => {
      sent.push(Date.now());
      return Promise.resolve(Response.json({ id: 1 }, { status: request.method === 'POST' ? 201 : 200 }));
    };
    const clients = stores.map((store) =>
      createGithubClient({
        baseUrl: 'https://api.github.test',
        fetch,
        bounds: jsonBounds(loadConfig({})),
        sharedPace: (spacingMs) => store.writePace.reserve('user:pace-c', spacingMs),
      }),
    );
    await Promise.all(
      clients.flatMap((client) => [client.write('POST', 'orgs/o/migrations'), client.write('DELETE', 'x')]),
    );
    sent.sort((a, b) => a - b);
    expect(sent).toHaveLength(6);
    // Three a second would be ~333 ms apart. Each send is timed where it arrives, so a busy machine's late timer
    // can bring one nearer its predecessor; the pace still holds over the whole run.
    for (let n = 1; n < sent.length; n++) expect(sent[n]! - sent[n - 1]!).toBeGreaterThanOrEqual(600);
    expect(sent.at(-1)! - sent[0]!).toBeGreaterThanOrEqual((sent.length - 1) * 950);
  }, 30_000);
});
