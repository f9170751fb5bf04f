import { describe, expect, it } from 'vitest';
import { boundedRateCategories, KNOWN_RATE_CATEGORIES, OTHER_RATE_CATEGORY } from './rate-categories';

describe('bounded rate-limit categories', () => {
  it('keeps known names, then the first unknown ones up to the cap, then counts the rest as other', () => {
    const categoryOf = boundedRateCategories(2);
    expect(KNOWN_RATE_CATEGORIES.map(categoryOf)).toEqual([...KNOWN_RATE_CATEGORIES]);
    expect(['new_a', 'new_b', 'new_c', 'new_a', 'new_d'].map(categoryOf)).toEqual([
      'new_a',
      'new_b',
      OTHER_RATE_CATEGORY,
      'new_a',
      OTHER_RATE_CATEGORY,
    ]);
    expect(categoryOf('core')).toBe('core');
  });
});
