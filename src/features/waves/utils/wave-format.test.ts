import { describe, expect, it } from 'vitest';
import { batchTone, downloadPercent, formatBytes, formatEstimate, formatKb } from './wave-format';

describe('wave formatting', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1_536)).toBe('1.5 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatKb(2 * 1024 * 1024)).toBe('2.0 GB');
  });
  it('reads download progress only when the size is known', () => {
    expect(downloadPercent({ downloaded: 50, total: 200 })).toBe(25);
    expect(downloadPercent({ downloaded: 50 })).toBeUndefined();
    expect(downloadPercent(undefined)).toBeUndefined();
  });
  it('says how long, roughly', () => {
    expect(formatEstimate(30)).toBe('under a minute');
    expect(formatEstimate(600)).toBe('about 10 min');
    expect(formatEstimate(3_900)).toBe('about 1 h 05 min');
  });
  it('gives each batch state a tone that is not the only signal (labels carry it too)', () => {
    expect(batchTone('verified')).toBe('success');
    expect(batchTone('isolated')).toBe('error');
    expect(batchTone('exporting')).toBe('info');
  });
});
