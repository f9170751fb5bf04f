import { createRequire } from 'node:module';
import type * as PapaParse from 'papaparse';
import type { ManifestRow, Wave } from '@/contracts/waves';
import { repositoryLocks, stillLocked } from '@/contracts/wave-locks';

/** papaparse is CommonJS: loaded with Node's require so Vite's SSR loader (the dev server) does not inline it. */
const Papa = createRequire(import.meta.url)('papaparse') as typeof PapaParse;

/**
 * The wave's manifest: one row per batch that stands (split batches are replaced by their halves), with what
 * a person needs to find and check each archive later.
 */
export function manifestRows(wave: Wave): ManifestRow[] {
  return wave.batches
    .filter((batch) => batch.state !== 'split')
    .map((batch) => ({
      batch: batch.id,
      migrationId: batch.migrationId ?? null,
      repositories: batch.repos,
      locks: repositoryLocks(wave, batch),
      file: batch.file ? (batch.file.split(/[\\/]/).pop() ?? null) : null,
      bytes: batch.bytes ?? null,
      sha256: batch.sha256 ?? null,
      state: batch.state,
      startedAt: batch.startedAt ?? null,
      exportedAt: batch.exportedAt ?? null,
      finishedAt: batch.finishedAt ?? null,
    }));
}

export function manifestJson(wave: Wave): string {
  return `${JSON.stringify(
    {
      wave: wave.id,
      owner: wave.owner,
      state: wave.state,
      createdAt: wave.createdAt,
      isolated: wave.isolated,
      stillLocked: stillLocked(wave),
      batches: manifestRows(wave),
    },
    null,
    2,
  )}\n`;
}

/**
 * Line breaks of every kind a spreadsheet or a line-based tool may split on. No manifest value has one
 * (names, ids, digests, times); a hostile upstream's repository name could, and a line break inside a cell
 * would start a line with whatever follows it.
 */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/**
 * A cell a spreadsheet reads as a formula: papaparse's own test (`/^[=+\-@\t\r].*$/`) lets `=1+1\n…` through,
 * as `.` stops at a line break and `$` then fails; this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string | number {
  return typeof value === 'number' ? value : value.replace(LINE_BREAKS, ' ');
}

/**
 * CSV (RFC 4180 quoting by papaparse); repositories joined with spaces (names never contain one), those still
 * locked on GitHub in their own column.
 */
export function manifestCsv(wave: Wave): string {
  const rows = manifestRows(wave).map((row) => ({
    batch: row.batch,
    migration_id: row.migrationId ?? '',
    repositories: cell(row.repositories.join(' ')),
    file: cell(row.file ?? ''),
    bytes: row.bytes ?? '',
    sha256: cell(row.sha256 ?? ''),
    state: cell(row.state),
    started_at: cell(row.startedAt ?? ''),
    exported_at: cell(row.exportedAt ?? ''),
    finished_at: cell(row.finishedAt ?? ''),
    still_locked: cell(row.repositories.filter((name) => row.locks[name] === 'locked').join(' ')),
  }));
  const fields = [
    'batch',
    'migration_id',
    'repositories',
    'file',
    'bytes',
    'sha256',
    'state',
    'started_at',
    'exported_at',
    'finished_at',
    // Last, so tools that read the earlier columns by position still do.
    'still_locked',
  ];
  // A leading =, +, -, @, tab or CR would be read as a formula by spreadsheets: papaparse quotes the cell and
  // prefixes it with '.
  return `${Papa.unparse({ fields, data: rows }, { escapeFormulae: FORMULA_START })}\r\n`;
}
