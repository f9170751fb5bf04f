import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { etagCache } from '@/lib/api-client';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { resetTestStore, simServer, simulator } from './sim-server';

beforeAll(() => simServer.listen({ onUnhandledRequest: 'error' }));
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
