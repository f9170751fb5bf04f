import { createRequire } from 'node:module';
import type * as PapaParse from 'papaparse';
import type { ManifestRow, Wave } from '@/contracts/waves';

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
      batches: manifestRows(wave),
    },
    null,
    2,
  )}\n`;
}

/** CSV (RFC 4180 quoting by papaparse); repositories joined with spaces (names never contain one). */
export function manifestCsv(wave: Wave): string {
  const rows = manifestRows(wave).map((row) => ({
    batch: row.batch,
    migration_id: row.migrationId ?? '',
    repositories: row.repositories.join(' '),
    file: row.file ?? '',
    bytes: row.bytes ?? '',
    sha256: row.sha256 ?? '',
    state: row.state,
    started_at: row.startedAt ?? '',
    exported_at: row.exportedAt ?? '',
    finished_at: row.finishedAt ?? '',
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
  ];
  // A leading =, +, - or @ would be read as a formula by spreadsheets: quote and prefix it.
  return `${Papa.unparse({ fields, data: rows }, { escapeFormulae: true })}\r\n`;
}
