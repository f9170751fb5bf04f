import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { jsonBounds } from '../outbound/bounds';
import { createGithubClient } from './github-client';

/** A GitHub that answers one migration with ETag "e1", and a 304 to a request that sends it back. */
function fakeGithub() {
  const asked: (string | null)[] = [];
  const fetch = (request: Request) => {
    asked.push(request.headers.get('if-none-match'));
    if (request.headers.get('if-none-match') === '"e1"')
      return Promise.resolve(new Response(null, { status: 304 }));
    return Promise.resolve(Response.json({ id: 1, state: 'exporting' }, { headers: { etag: '"e1"' } }));
  };
  return { asked, fetch };
}

const client = (fetch: (request: Request) => Promise<Response>) =>
  createGithubClient({ baseUrl: 'https://api.github.test', fetch, bounds: jsonBounds(loadConfig({})) });

describe('the wave runner’s GitHub client', () => {
  it('revalidates an answer another gateway saw: a free 304, the known body, the same ETag to pass on', async () => {
    const github = fakeGithub();
    const first = await client(github.fetch).get('orgs/o/migrations/1');
    expect(first).toMatchObject({ status: 200, notModified: false, etag: '"e1"' });

    // Another gateway, given what the first saw (the check job carries it).
    const other = client(github.fetch);
    const again = await other.get('orgs/o/migrations/1', { etag: first.etag!, body: first.body });
    expect(again).toMatchObject({
      status: 200,
      notModified: true,
      etag: '"e1"',
      body: { id: 1, state: 'exporting' },
    });
    expect(github.asked).toEqual([null, '"e1"']);
  });

  it('without what was seen before, asks for the whole answer', async () => {
    const github = fakeGithub();
    const answer = await client(github.fetch).get('orgs/o/migrations/1');
    expect(answer.notModified).toBe(false);
    expect(github.asked).toEqual([null]);
  });
});

describe('writes and the team’s slot', () => {
  it('claims the slot last, after the hold check and the token, right before the wire', async () => {
    const order: string[] = [];
    const github = createGithubClient({
      baseUrl: 'https://api.github.test',
      authorization: () => Promise.resolve(void order.push('token')).then(() => 'Bearer t'),
      gate: {
        heldMs: () => Promise.resolve((order.push('held?'), 0)),
        hold: () => Promise.resolve(),
        claimWrite: () => Promise.resolve((order.push('claim'), 0)),
      },
      fetch: () => Promise.resolve((order.push('sent'), Response.json({ id: 1 }, { status: 201 }))),
      bounds: jsonBounds(loadConfig({})),
    });
    await github.write('POST', '/orgs/o/migrations', { repositories: ['r'] });
    expect(order).toEqual(['held?', 'token', 'claim', 'sent']);
  });
});

describe('a write fenced by its job’s lease', () => {
  it('is never sent once the lease is lost while it waits for its turn; the next write goes', async () => {
    const sent: string[] = [];
    const lease = new AbortController();
    let claims = 0;
    const github = createGithubClient({
      baseUrl: 'https://api.github.test',
      token: 't',
      gate: {
        heldMs: () => Promise.resolve(0),
        hold: () => Promise.resolve(),
        // The slot comes after the job ran past its expiry: the lease is lost while the write waits for it.
        claimWrite: () => Promise.resolve((claims++ === 0 && lease.abort(new Error('lease lost')), 0)),
      },
      fetch: (request) =>
        Promise.resolve((sent.push(request.url), Response.json({ id: 1 }, { status: 201 }))),
      bounds: jsonBounds(loadConfig({})),
      writeSpacingMs: 0,
    });
    await expect(github.write('POST', '/orgs/o/migrations', {}, lease.signal)).rejects.toThrow('lease lost');
    expect(sent).toEqual([]);
    // Already lost before its turn: not even a claim.
    await expect(github.write('POST', '/orgs/o/migrations', {}, lease.signal)).rejects.toThrow('lease lost');
    expect(claims).toBe(1);
    expect((await github.write('POST', '/orgs/o/migrations', {})).status).toBe(201);
    expect(sent).toEqual(['https://api.github.test/orgs/o/migrations']);
  });
});
