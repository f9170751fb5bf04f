import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { loadConfig } from '@/server/config';
import { composeGateway } from '@/server/gateway';
import type { FerryStore } from '@/server/store/ferry-store';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { SIM_TOKENS } from '@/simulator/github/seed';

/**
 * Component tests talk to the real gateway and simulator, in-process: msw hands every `/api/*` request
 * the app makes to the gateway's handler. Time is frozen (speed 0) and the scenario is `quiet`, so tests
 * are deterministic; `testRuntime.simulator` lets a test advance the clock or change the scenario.
 */
export const TEST_ORIGIN = 'http://localhost:3000';

let testStore: Promise<TestStore> | undefined;
let openedStore: TestStore | undefined;
/** An in-memory store, opened when a test first calls `/api/ferry/*` (opening costs about a second). */
function lazyStore(): Promise<FerryStore> {
  testStore ??= openTestStore().then((opened) => (openedStore = opened));
  return testStore.then(({ store }) => store);
}

/**
 * Open the store before a file's tests run: opening compiles PostgreSQL's WebAssembly and holds the event loop
 * for a moment, which would otherwise land in the middle of the first test that touches `/api/ferry/*`.
 */
export async function warmTestStore(): Promise<void> {
  await lazyStore();
}

/** Empty the store between tests, once it is open (while it opens, nothing can have been written yet). */
export async function resetTestStore(): Promise<void> {
  await openedStore?.reset();
  // The wave runner keeps a working copy of the store's waves: a test's fresh store starts it afresh too.
  testRuntime.waves?.forget();
}

export const testRuntime = composeGateway(
  loadConfig({ PORT: '3000', SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }),
  {
    controlAccess: 'any',
    lazyStore,
    // Migration waves write their archives here (a fresh folder per test process).
    archiveDir: mkdtempSync(path.join(tmpdir(), 'ferry-component-')),
  },
);

/** A request as the SPA sends it, answered by the in-process gateway (for handlers that wrap the answer). */
export async function toGateway(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('host', url.host);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  return testRuntime.app.fetch(new Request(url, { method: request.method, headers, body }));
}

export const simServer = setupServer(
  http.all(`${TEST_ORIGIN}/api/*`, ({ request }) => toGateway(request)),
  http.all(`${TEST_ORIGIN}/__sim/*`, ({ request }) => toGateway(request)),
);

export function simulator() {
  const sim = testRuntime.simulator;
  if (!sim) throw new Error('the test runtime has no simulator');
  return sim;
}

/**
 * Act on the simulator's GitHub API directly, as octocat (as another client would): setup and side effects
 * a test needs outside the UI.
 */
export function simGithub(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return simulator().fetch(
    new Request(`${TEST_ORIGIN}/api/v3${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SIM_TOKENS.octocat}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** `simGithub`, read as JSON. */
export async function simGithubJson(method: string, path: string, body?: unknown): Promise<unknown> {
  return (await simGithub(method, path, body)).json();
}

/** A commit author as the simulator's GitHub lists it (the fields tests read). */
export interface SimAuthor {
  id: number;
  remote_name: string;
  name: string;
  email: string;
}

/**
 * Where unsaved author edits may be kept: this browser's localStorage (not yet sent) and the gateway's store
 * (drafts), as one text for "the edit was not lost" checks.
 */
export async function keptDraftsText(owner: string, repo: string): Promise<string> {
  const response = await fetch(`${TEST_ORIGIN}/api/ferry/drafts/${owner}/${repo}`);
  return `${JSON.stringify({ ...localStorage })}\n${await response.text()}`;
}
