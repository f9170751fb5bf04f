import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@/server/config';
import { loggableError } from '@/server/log-safe';
import { composeGateway, type Gateway as Runtime } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';

/**
 * `/api/ferry/*` under input the store cannot hold: every one is a 400 that changes nothing (each was a 500
 * before), and a store failure never writes the user's data to the log.
 */
let testStore: TestStore;
let runtime: Runtime;
beforeAll(async () => {
  testStore = await openTestStore();
  runtime = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }), {
    store: testStore.store,
    watch: false,
    controlAccess: 'any',
  });
}, 60_000);
afterAll(async () => {
  await testStore.store.close();
});
afterEach(() => vi.restoreAllMocks());

const ORIGIN = 'http://localhost:5180';
function call(pathname: string, init: { method?: string; body?: unknown } = {}) {
  return runtime.app.request(`${ORIGIN}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const DRAFTS = '/api/ferry/drafts/octo-org/hello';
const save = (name: string, email = 'a@example.com') => ({
  client: 'client-0001',
  saves: [{ authorId: 7, name, email, baseVersion: 0 }],
});

describe('/api/ferry: 400, never 500, for what the store cannot hold', () => {
  it('refuses a draft name or e-mail with NUL, another control character or a lone surrogate', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const body of [
      save('Mona\u0000Lisa'),
      save('Mona', 'mona\u0000@example.com'),
      save('Mona\u001bLisa'),
      save('Mona\ud800'),
    ]) {
      const answer = await call(DRAFTS, { method: 'PUT', body });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('BAD_BODY');
    }
    expect(errors).not.toHaveBeenCalled();
    const drafts = (await (await call(DRAFTS)).json()) as { drafts: unknown[] };
    expect(drafts.drafts).toEqual([]);
    // What a person may write still saves, emoji included.
    expect((await call(DRAFTS, { method: 'PUT', body: save('Mona 🐙 Lisa') })).status).toBe(200);
  });

  it('refuses out-of-range and odd times in since', async () => {
    for (const since of [
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00Z',
      '1',
      'Tue, 01 Jan 2030 00:00:00 GMT',
      '2024-13-45',
      'now',
    ]) {
      for (const route of ['rate-history', 'timeline']) {
        const answer = await call(`/api/ferry/${route}?since=${encodeURIComponent(since)}`);
        expect(answer.status, `${route} ${since}`).toBe(400);
      }
    }
    expect((await call('/api/ferry/rate-history?since=2026-01-01T00:00:00.000Z')).status).toBe(200);
    expect((await call('/api/ferry/timeline?since=2026-01-01')).status).toBe(200);
  });

  it('accepts only ids the store can hold as migration', async () => {
    for (const migration of [
      '99999999999999999999',
      '9007199254740993',
      '2147483648',
      '1e3',
      '0',
      '-1',
      '01',
      ' 1',
    ]) {
      const answer = await call(
        `/api/ferry/unlocks?owner=org/octo-org&migration=${encodeURIComponent(migration)}`,
      );
      expect(answer.status, migration).toBe(400);
    }
    expect((await call('/api/ferry/unlocks?owner=org/octo-org&migration=2147483647')).status).toBe(200);
  });

  it('keeps recent items to logins, owner/repository and TLDs', async () => {
    for (const [kind, key] of [
      ['org', '../../user/emails'],
      ['org', 'octo-org/x'],
      ['org', '-octo'],
      ['import', '../../user/emails'],
      ['import', 'octo-org'],
      ['import', 'octo-org/..'],
      ['import', 'a/b/c'],
      ['tld', '../../user/emails'],
      ['tld', 'com.'],
      ['tld', '-com'],
      ['tld', 'COM'],
    ]) {
      const answer = await call('/api/ferry/recent', { method: 'POST', body: { kind, key } });
      expect(answer.status, `${kind} ${key}`).toBe(400);
    }
    expect(((await (await call('/api/ferry/recent')).json()) as { items: unknown[] }).items).toEqual([]);
    for (const [kind, key] of [
      ['org', 'octo-org'],
      ['import', 'octo-org/hello.world_1'],
      ['tld', 'co.uk'],
      ['tld', 'xn--p1ai'],
    ]) {
      const answer = await call('/api/ferry/recent', { method: 'POST', body: { kind, key } });
      expect(answer.status, `${kind} ${key}`).toBe(204);
    }
  });
});

describe('store failures in the log', () => {
  it('never carry the query parameters (the user’s draft text)', async () => {
    const failure = await testStore.store.authorDrafts
      .save(
        'octo-org/hello',
        [{ authorId: 9, name: 'SECRET-NAME\u0000', email: 'secret@example.com', baseVersion: 0 }],
        'client-0001',
        new Date(),
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    const text = `${(failure as Error).message} ${loggableError(failure, [])} ${String((failure as Error).stack)}`;
    expect(text).toMatch(/Store query failed/);
    expect(text).not.toMatch(/SECRET-NAME|secret@example\.com|params/);
  });
});
