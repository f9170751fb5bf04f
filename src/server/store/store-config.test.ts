import { describe, expect, it } from 'vitest';
import { DEFAULT_CREATE_TIMEOUT_MS, loadStoreConfig } from './store-config';

describe('STORE_CREATE_TIMEOUT_MS', () => {
  it('is how long a new embedded store may take to be made: 120 s unless set', () => {
    expect(loadStoreConfig({}).createTimeoutMs).toBe(DEFAULT_CREATE_TIMEOUT_MS);
    expect(DEFAULT_CREATE_TIMEOUT_MS).toBe(120_000);
    expect(loadStoreConfig({ STORE_CREATE_TIMEOUT_MS: ' 600000 ' }).createTimeoutMs).toBe(600_000);
    expect(loadStoreConfig({ STORE_CREATE_TIMEOUT_MS: '' }).createTimeoutMs).toBe(DEFAULT_CREATE_TIMEOUT_MS);
  });

  it.each(['soon', '0', '999', '-5', '1.5', '3600001'])(
    'stops start-up on %j, saying what it takes',
    (value) => {
      expect(() => loadStoreConfig({ STORE_CREATE_TIMEOUT_MS: value })).toThrow(
        'STORE_CREATE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000.',
      );
    },
  );
});
