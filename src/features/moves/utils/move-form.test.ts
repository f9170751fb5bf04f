import { describe, expect, it } from 'vitest';
import { checkMoveForm, EMPTY_MOVE_FORM } from './move-form';

const PLANNED = { ...EMPTY_MOVE_FORM, source: ' octo-org ', target: 'octo-target' };

describe('checkMoveForm', () => {
  it('names each empty or invalid organization on its field and sends nothing', () => {
    expect(checkMoveForm(EMPTY_MOVE_FORM)).toEqual({
      ok: false,
      errors: { source: 'Enter the source organization.', target: 'Enter the target organization.' },
    });
    const invalid = checkMoveForm({ ...PLANNED, target: 'octo target<' });
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.errors.target).toMatch(/Not an organization name/);
    expect(!invalid.ok && invalid.errors.source).toBeUndefined();
  });

  it('refuses sizes that are not sizes and exports at once outside 1–10', () => {
    const check = checkMoveForm({ ...PLANNED, minSizeMb: 'ten', maxSizeMb: '-1', concurrency: '11' });
    expect(check.ok ? {} : check.errors).toEqual({
      minSizeMb: 'A size in MB, 0 or more.',
      maxSizeMb: 'A size in MB, 0 or more.',
      concurrency: 'A whole number from 1 to 10.',
    });
  });

  it('builds the plan the gateway takes: trimmed logins, filters as a wave’s, one repository per archive', () => {
    const check = checkMoveForm({
      ...PLANNED,
      namePattern: ' mobile-* ',
      languages: 'Swift, , Kotlin',
      minSizeMb: '1.5',
      pushedAfter: '2026-01-01',
      concurrency: '3',
    });
    expect(check).toEqual({
      ok: true,
      request: {
        source: { kind: 'org', login: 'octo-org' },
        target: { login: 'octo-target' },
        filters: {
          namePattern: 'mobile-*',
          languages: ['Swift', 'Kotlin'],
          visibility: 'all',
          archived: 'include',
          minSizeKb: 1536,
          pushedAfter: '2026-01-01',
        },
        caps: { maxRepos: 1, maxSizeKb: 2_097_152, concurrency: 3 },
      },
    });
  });

  it('sends each side’s credential only once one is picked (else the gateway’s default)', () => {
    const check = checkMoveForm({ ...PLANNED, sourceCredential: 'hubot', targetCredential: 'monalisa' });
    expect(check.ok && [check.request.source, check.request.target]).toEqual([
      { kind: 'org', login: 'octo-org', credential: 'hubot' },
      { login: 'octo-target', credential: 'monalisa' },
    ]);
  });
});
