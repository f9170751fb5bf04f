import { describe, expect, it } from 'vitest';
import { checkLabel, formatRange, formatSecondsRange, stepsText } from './move-format';

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
});
