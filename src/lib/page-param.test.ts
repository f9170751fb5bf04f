import { describe, expect, it } from 'vitest';
import { readPage, writePage } from './page-param';

describe('a page in the address', () => {
  it('reads whole numbers from 1, anything else as the first page', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('repos=2'), 'repos')).toBe(2);
    for (const bad of ['', 'page=0', 'page=-2', 'page=2.5', 'page=abc', 'page=99999999999', 'page=%00'])
      expect(readPage(new URLSearchParams(bad))).toBe(1);
  });

  it('writes the page and keeps the other params; page 1 is left out', () => {
    expect(writePage(new URLSearchParams('tab=x'), 4).toString()).toBe('tab=x&page=4');
    expect(writePage(new URLSearchParams('tab=x&page=4'), 1).toString()).toBe('tab=x');
    expect(writePage(new URLSearchParams(), 2, 'repos').toString()).toBe('repos=2');
  });
});
