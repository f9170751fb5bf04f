import { describe, expect, it } from 'vitest';
import { checkLabel, formatRange, formatSecondsRange, notReadyText, stepsText } from './move-format';

describe('move formats', () => {
  it('shows a range as both ends, or one figure when they agree', () => {
    expect(formatRange({ min: 1200, max: 3400 })).toBe('1,200–3,400');
    expect(formatRange({ min: 7, max: 7 })).toBe('7');
    expect(formatSecondsRange({ min: 42, max: 3900 })).toBe('42 s–1 h 05 min');
  });

  it('names known checks and steps in words, and unknown ones by their own name', () => {
    expect(checkLabel('target-name-free')).toBe('Name free on the target');
    expect(checkLabel('rulesets')).toBe('rulesets');
    expect(stepsText(['start-import', 'status', 'later'])).toBe('start the import, import status, later');
  });

  it('says why repositories are not ready, by the check they failed, most first', () => {
    const failing = (...names: string[]) => ({
      ready: false,
      checks: [
        { check: 'visibility' as const, ok: true, reason: '' },
        ...names.map((check) => ({ check: check as 'visibility', ok: false, reason: 'no' })),
      ],
    });
    expect(
      notReadyText([
        failing('size-within-limit'),
        failing('target-name-free'),
        failing('target-name-free', 'size-within-limit'),
        failing('target-name-free'),
        { ready: true, checks: [] },
      ]),
    ).toBe('Name free on the target failed for 3; Size within the source’s limit failed for 2');
    expect(notReadyText([{ ready: true, checks: [] }])).toBe('');
  });
});
