import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { composeGateway } from './gateway';
import { loadConfig } from './config';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const settle = async () => {
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
};

/**
 * Nothing of a finished request stays reachable: before, each upstream call armed a timer for
 * UPSTREAM_TIMEOUT_MS that held the request and its answer until it fired (hundreds of MB under load).
 */
describe('a finished request leaves nothing behind', () => {
  it.each([
    ['a JSON answer', '/api/github/user'],
    ['an empty answer', '/api/github/user/orgs'],
  ])('%s: the upstream request and answer can be collected at once', async (_, path) => {
    const refs: WeakRef<object>[] = [];
    const { app } = composeGateway(
      { ...loadConfig({ UPSTREAM_TIMEOUT_MS: '600000' }), port: 5180 },
      {
        upstreams: {
          github: (request) => {
            const answer = path.endsWith('orgs')
              ? new Response(null, { status: 204 })
              : Response.json({ login: 'octocat', padding: 'x'.repeat(100_000) });
            refs.push(new WeakRef(request), new WeakRef(answer));
            return Promise.resolve(answer);
          },
          registrar: () => Promise.resolve(Response.json({})),
        },
      },
    );
    for (let i = 0; i < 3; i += 1) {
      const response = await app.fetch(
        new Request(`http://127.0.0.1:5180${path}`, { headers: { host: '127.0.0.1:5180' } }),
      );
      await response.text();
    }
    await settle();
    expect(refs.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
