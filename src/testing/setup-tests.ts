import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { etagCache } from '@/lib/api-client';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { resetTestStore, simServer, simulator, warmTestStore } from './sim-server';

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
