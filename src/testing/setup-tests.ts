import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { etagCache } from '@/lib/api-client';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { resetTestStore, simServer, simulator, warmTestStore } from './sim-server';

// A busy machine (CI beside other work) renders slower than a quiet one: `findBy…` and `waitFor` wait for the
// state they expect up to 5 s instead of Testing Library's 1 s (the author editor's deferred search missed 1 s
// with two test suites running at once). Passing tests do not wait longer: they return as soon as it holds.
configure({ asyncUtilTimeout: 5_000, getElementError: pageTextError });

/**
 * A query that finds nothing says what the page showed as text, not its whole DOM: CI keeps only the tail of
 * its log, and a page of markup per failed attempt pushed the first attempts' messages out of it.
 */
function pageTextError(message: string | null, container: Element): Error {
  const text = (container.textContent ?? '').replace(/\s+/g, ' ').trim();
  // The start (where the page is) and the end (where lists and their count lines are), not a page of banners.
  const shown = text.length > 2_000 ? `${text.slice(0, 600)} … ${text.slice(-1_400)}` : text;
  const error = new Error(`${message ?? ''}\n\nThe page's text: ${shown || '(none)'}`);
  error.name = 'TestingLibraryElementError';
  return error;
}

beforeAll(() => simServer.listen({ onUnhandledRequest: 'error' }));
/** Pages that read Ferry's store (migrations, imports, the overview, rate history): open it before their tests start. */
const USES_STORE =
  /[\\/](?:migrations|imports|overview|rate-limits|domains|fault-recovery|routes)[\\/]|app-shell/;
beforeAll(async () => {
  if (USES_STORE.test(expect.getState().testPath ?? '')) await warmTestStore();
}, 60_000);
beforeEach(async () => {
  await resetTestStore();
  simulator().reset({ scenario: 'quiet' });
  etagCache.clear();
  rateLimitStore.reset();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  simServer.resetHandlers();
});
afterAll(() => simServer.close());
