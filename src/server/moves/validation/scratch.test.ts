import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeScratch, removeLeftScratch } from './scratch';

const dir = fs.mkdtempSync(join(tmpdir(), 'scratch-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('scratch folders left by a killed count', () => {
  it('removes those of processes that are gone, never a live one’s nor anything else', async () => {
    // A pid that existed and is gone: a child that has exited.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(gone).toBeGreaterThan(0);
    const left = join(dir, `ferry-validation-${gone}-abc123`);
    fs.mkdirSync(join(left, '0', 'objects'), { recursive: true });
    fs.writeFileSync(join(left, '0', 'HEAD'), 'ref: refs/heads/main\n');
    const mine = await makeScratch(dir);
    const other = join(dir, 'ferry-validation-notapid-x');
    fs.mkdirSync(other);
    fs.mkdirSync(join(dir, 'unrelated'));

    expect(await removeLeftScratch(dir)).toEqual([`ferry-validation-${gone}-abc123`]);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(mine)).toBe(true);
    expect(fs.existsSync(other)).toBe(true);
    expect(fs.existsSync(join(dir, 'unrelated'))).toBe(true);
    expect(await removeLeftScratch(join(dir, 'no-such-folder'))).toEqual([]);
  });
});
