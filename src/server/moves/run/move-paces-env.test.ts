import { describe, expect, it } from 'vitest';
import { movePacesFromEnv } from './move-paces-env';

describe('a move’s paces from the environment', () => {
  it('unset: the run’s defaults (nothing given)', () => {
    expect(movePacesFromEnv({})).toEqual({});
    expect(movePacesFromEnv({ GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES: ' ', MOVE_POLL_MS: '' })).toEqual({});
  });

  it('gh-gei’s part size in MiB, and the poll wait (the low-points wait stays a minute at least)', () => {
    expect(movePacesFromEnv({ GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES: '5', MOVE_POLL_MS: '1000' })).toEqual(
      {
        partBytes: 5 * 1024 * 1024,
        pollMs: { min: 1_000, max: 60_000 },
      },
    );
    expect(movePacesFromEnv({ MOVE_POLL_MS: '120000' }).pollMs).toEqual({ min: 120_000, max: 120_000 });
  });

  it.each([
    ['GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES', '4'],
    ['GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES', '101'],
    ['GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES', '5.5'],
    ['GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES', '1e400'],
    ['MOVE_POLL_MS', '999'],
    ['MOVE_POLL_MS', 'soon'],
    ['MOVE_POLL_MS', '-1'],
  ])('%s=%s stops start-up with its name', (name, value) => {
    expect(() => movePacesFromEnv({ [name]: value })).toThrow(name);
  });
});
