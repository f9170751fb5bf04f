import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_POLICY } from '@/lib/polling-policy';
import {
  authorsExpected,
  authorsVersion,
  importPollPhase,
  importRefetchInterval,
  mappingClosed,
  stepOf,
} from './import-phase';
import { parseImport, type SourceImport } from '@/contracts/github/source-import';

function item(status: string, extra: Partial<SourceImport> = {}): SourceImport {
  return { ...parseImport({ status, vcs_url: 'https://x.test/r', vcs: 'git' }), ...extra };
}

describe('polling for import states', () => {
  it.each(['detecting', 'importing', 'mapping', 'pushing'])('%s polls', (status) => {
    expect(importPollPhase(item(status))).toBe('active');
    expect(importRefetchInterval(item(status), 0)).toBe(DEFAULT_POLL_POLICY.minMs);
  });
  it.each(['complete', 'error'])('%s stops', (status) => {
    expect(importPollPhase(item(status))).toBe('terminal');
    expect(importRefetchInterval(item(status), 0)).toBe(false);
  });
  it.each(['auth_failed', 'detection_needs_auth', 'detection_found_nothing', 'detection_found_multiple'])(
    '%s waits for the user',
    (status) => {
      expect(importPollPhase(item(status))).toBe('waiting-for-user');
      expect(importRefetchInterval(item(status), 0)).toBe(false);
    },
  );
  it('waits for the LFS choice, and polls again once it is made', () => {
    const waiting = item('waiting_to_push', { hasLargeFiles: true, useLfs: 'undecided' });
    expect(importPollPhase(waiting)).toBe('waiting-for-user');
    expect(importPollPhase({ ...waiting, useLfs: 'opt_in' })).toBe('active');
  });
  it('backs off while nothing changes and honours a rate limit; no import means no polling', () => {
    expect(importRefetchInterval(item('importing'), 20_000)).toBe(10_000);
    expect(importRefetchInterval(item('importing'), 0, 45_000)).toBe(45_000);
    expect(importRefetchInterval(null, 0)).toBe(false);
  });
});

describe('steps', () => {
  it('places problem states on the step they interrupted', () => {
    expect(stepOf(item('detection_found_multiple'))).toBe('detecting');
    expect(stepOf(item('auth_failed'))).toBe('importing');
    expect(stepOf(item('waiting_to_push'))).toBe('mapping');
    expect(stepOf(item('error', { failedStep: 'push' }))).toBe('pushing');
    expect(stepOf(item('error', { failedStep: 'rewrite' }))).toBe('mapping');
    expect(stepOf(item('something_new'))).toBe('importing');
  });
  it('closes mapping once pushing starts', () => {
    expect(mappingClosed(item('mapping'))).toBe(false);
    expect(mappingClosed(item('waiting_to_push'))).toBe(false);
    expect(mappingClosed(item('pushing'))).toBe(true);
    expect(mappingClosed(item('complete'))).toBe(true);
  });
});

describe('reading the import', () => {
  it('accepts use_lfs as a string or the schema’s boolean, and percent or import_percent', () => {
    expect(parseImport({ status: 'importing', vcs_url: 'u', use_lfs: true, percent: 42 })).toMatchObject({
      useLfs: 'opt_in',
      importPercent: 42,
    });
    expect(
      parseImport({ status: 'importing', vcs_url: 'u', use_lfs: 'opt_out', import_percent: 7 }),
    ).toMatchObject({
      useLfs: 'opt_out',
      importPercent: 7,
    });
    expect(parseImport({ status: 'x', vcs_url: 'u', use_lfs: false }).useLfs).toBe('undecided');
    expect(() => parseImport({ vcs_url: 'u' })).toThrow(/could not read/);
  });
  it('keeps whatever keys each project choice carries', () => {
    const parsed = parseImport({
      status: 'detection_found_multiple',
      vcs_url: 'u',
      project_choices: [{ vcs: 'subversion', human_name: 'trunk', svn_root: '/trunk' }, 'junk'],
    });
    expect(parsed.projectChoices).toEqual([{ vcs: 'subversion', human_name: 'trunk', svn_root: '/trunk' }]);
  });
});

describe('authors version', () => {
  it('changes at most every 10 % while importing, and with the count afterwards', () => {
    expect(authorsVersion(item('importing', { importPercent: 11, authorsCount: 5 }))).toBe(
      authorsVersion(item('importing', { importPercent: 19, authorsCount: 9 })),
    );
    expect(authorsVersion(item('importing', { importPercent: 20 }))).not.toBe(
      authorsVersion(item('importing', { importPercent: 19 })),
    );
    expect(authorsVersion(item('mapping', { authorsCount: 12 }))).toBe('authors-12');
  });

  it('expects the status count as the whole list only once the raw step is over', () => {
    expect(authorsExpected(item('importing', { authorsCount: 5 }))).toBeUndefined();
    expect(authorsExpected(item('mapping', { authorsCount: 12 }))).toBe(12);
    expect(authorsExpected(item('complete', { authorsCount: 0 }))).toBe(0);
  });
});
