import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { WaveBatch } from '@/contracts/waves';
import { buildWave } from '@/testing/wave-factories';
import { manifestCsv, manifestJson } from './manifest';

const waveOf = (batches: Partial<WaveBatch>[]) => buildWave(batches);

const DANGEROUS = /^[=+\-@\t\r]/;

/** Text made of what breaks CSV guards: formula starts, every line break, quotes, commas, spaces. */
const hostileText = fc.string({
  unit: fc.constantFrom(
    '=',
    '+',
    '-',
    '@',
    '\t',
    '\r',
    '\n',
    '\v',
    '\f',
    '\u0085',
    '\u2028',
    '\u2029',
    '"',
    ',',
    ' ',
    'a',
    '1',
  ),
  maxLength: 20,
});

/** Every line of the text, split as a line-based tool or a careless importer would. */
const lines = (csv: string) => csv.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);

describe('manifest.csv', () => {
  it('never lets a line or a cell start with = + - @ tab or CR, line breaks included', () => {
    const hostile = [
      '=1+1\n=2+2',
      '=1+1\u2028=HYPERLINK("http://evil")',
      'ok\r\n@SUM(A1)',
      'ok\u2029+1',
      '-2+3',
      '\t=1',
      'a\r=1',
    ];
    const csv = manifestCsv(
      waveOf(hostile.map((name) => ({ repos: [name], file: `x/${name}`, sha256: name, startedAt: name }))),
    );
    for (const line of lines(csv)) {
      expect(line.replace(/^"/, '')).not.toMatch(DANGEROUS);
      for (const field of line.split(',')) expect(field.replace(/^"/, '')).not.toMatch(DANGEROUS);
    }
    const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
    expect(rows).toHaveLength(hostile.length);
    for (const row of rows) for (const value of Object.values(row)) expect(value).not.toMatch(DANGEROUS);
    expect(rows[0]?.repositories).toBe("'=1+1 =2+2");
  });

  it('keeps every value readable: line breaks become spaces, a formula start gets a leading quote', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 3 }), (names) => {
        const csv = manifestCsv(waveOf([{ repos: names }]));
        for (const line of lines(csv)) expect(line.replace(/^"/, '')).not.toMatch(DANGEROUS);
        const [row] = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
        const flat = names.join(' ').replace(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/g, ' ');
        expect(row?.repositories).toBe(DANGEROUS.test(flat) ? `'${flat}` : flat);
      }),
      { numRuns: 500 },
    );
  });
});

describe('lock state in the manifest', () => {
  const locking = (batches: Partial<WaveBatch>[]) =>
    buildWave(batches, {
      options: { ...buildWave().options, lockRepositories: true, unlockWhenVerified: true },
    });

  it('names each repository’s lock (JSON) and the repositories still locked (CSV)', () => {
    const wave = locking([
      { repos: ['a', 'b'], migrationId: 1, unlocked: true },
      { repos: ['c', 'd'], migrationId: 2 },
      { repos: ['e'], state: 'queued' },
    ]);
    const json = JSON.parse(manifestJson(wave)) as {
      stillLocked: string[];
      batches: { locks: Record<string, string> }[];
    };
    expect(json.stillLocked).toEqual(['c', 'd']);
    expect(json.batches.map((batch) => batch.locks)).toEqual([
      { a: 'unlocked', b: 'unlocked' },
      { c: 'locked', d: 'locked' },
      { e: 'not-locked' },
    ]);
    const rows = Papa.parse<Record<string, string>>(manifestCsv(wave).trim(), { header: true }).data;
    expect(rows.map((row) => row.still_locked)).toEqual(['', 'c d', '']);
  });
});
