import { describe, expect, it } from 'vitest';
import { pageModuleFor } from '@/app/page-routes';
import { ALERT_PAGES, subjectWords, timeWords } from './alert-words';

describe('alert words', () => {
  it('name a subject in words and link the page that shows it', () => {
    expect(subjectWords('org/octo-org/migration/42')).toEqual({
      words: 'export 42 of the organization octo-org',
      path: '/migrations/orgs/octo-org/42',
    });
    expect(subjectWords('user/migration/7').path).toBe('/migrations/user/7');
    expect(subjectWords('repo/octocat/hello/import')).toEqual({
      words: 'import into octocat/hello',
      path: '/imports/octocat/hello',
    });
    expect(subjectWords('something/else').path).toBe('/alerts');
  });

  it('link only addresses that open a Ferry page', () => {
    const paths = [
      ALERT_PAGES.alerts,
      ALERT_PAGES.rateLimits,
      ALERT_PAGES.connection,
      ALERT_PAGES.wave('w-1'),
      ALERT_PAGES.move('2026-11-26-0a1b2c3d'),
      ALERT_PAGES.orgMigration('o', '1'),
      ALERT_PAGES.userMigration('1'),
      ALERT_PAGES.import('o', 'r'),
    ];
    for (const path of paths) expect(pageModuleFor(path), path).toBeDefined();
    // A hostile name stays one path segment.
    expect(subjectWords('org/a?b#c/migration/1').path).toBe('/migrations/orgs/a%3Fb%23c/1');
  });

  it('give the local time with UTC beside it, UTC alone on a UTC gateway', () => {
    const at = new Date('2026-11-25T10:05:00Z');
    expect(timeWords(at, 'Europe/Berlin')).toBe('25 Nov 2026, 11:05 CET (10:05 UTC)');
    expect(timeWords(at, 'UTC')).toBe('25 Nov 2026, 10:05 UTC');
    // Another day in UTC: its date is said too.
    expect(timeWords('2026-11-25T23:30:00Z', 'Europe/Berlin')).toBe(
      '26 Nov 2026, 00:30 CET (25 Nov 2026, 23:30 UTC)',
    );
    expect(timeWords('not a time', 'UTC')).toBe('not a time');
    expect(timeWords(at, 'Not/A_Zone')).toBe('25 Nov 2026, 10:05 UTC');
  });
});
