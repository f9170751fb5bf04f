import { describe, expect, it } from 'vitest';
import { lfsPatterns, longRefs, scanTree } from './tree-scan';

describe('what a tree and .gitattributes say before the move', () => {
  it('takes the filter=lfs patterns only, ignoring comments, macros and negations', () => {
    const text =
      '# assets\n*.png filter=lfs diff=lfs merge=lfs -text\n*.md text\n[attr]binary -diff\n!*.psd filter=lfs\n/models/** filter=lfs\n';
    expect(lfsPatterns(text)).toEqual(['*.png', '/models/**']);
    expect(lfsPatterns(undefined)).toEqual([]);
  });

  it('counts the files LFS tracks as Git matches them (a pattern without a slash at any depth)', () => {
    const tree = [
      { path: 'logo.png', type: 'blob', size: 130 },
      { path: 'public/img/hero.png', type: 'blob', size: 131 },
      { path: 'models/a.bin', type: 'blob', size: 129 },
      { path: 'src/models/b.bin', type: 'blob', size: 129 },
      { path: 'public', type: 'tree' },
    ];
    expect(scanTree(tree, ['*.png', '/models/**']).lfsFiles).toBe(3);
    expect(scanTree(tree, []).lfsFiles).toBe(0);
  });

  it('names files over 100 MB, largest first, at most 20', () => {
    const big = Array.from({ length: 25 }, (_, index) => ({
      path: `f${index}.bin`,
      type: 'blob',
      size: 100_000_001 + index,
    }));
    const { largeFiles } = scanTree([{ path: 'small', type: 'blob', size: 100_000_000 }, ...big], []);
    expect(largeFiles).toHaveLength(20);
    expect(largeFiles[0]).toEqual({ path: 'f24.bin', bytes: 100_000_025 });
    expect(largeFiles.some((file) => file.path === 'small')).toBe(false);
  });

  it('measures ref names in UTF-8 bytes: 255 pass, 256 do not', () => {
    const ascii = `refs/heads/${'a'.repeat(244)}`;
    expect(Buffer.byteLength(ascii)).toBe(255);
    // 100 three-byte characters: 111 characters, 311 bytes.
    const wide = `refs/heads/${'€'.repeat(100)}`;
    expect(longRefs([ascii, `${ascii}b`, wide])).toEqual([`${ascii}b`, wide]);
  });

  it('stays linear on hostile patterns and paths', () => {
    const hostile = `${'*'.repeat(250)}a filter=lfs\n`.repeat(300);
    const patterns = lfsPatterns(hostile);
    expect(patterns.length).toBeLessThanOrEqual(200);
    // The test's own timeout catches a pattern that backtracks without end; a `..` path is not matched.
    const scanned = scanTree(
      [
        { path: `${'a'.repeat(5_000)}b`, type: 'blob', size: 1 },
        { path: '../x', type: 'blob', size: 1 },
      ],
      patterns,
    );
    expect(scanned.lfsFiles).toBe(0);
  });
});
