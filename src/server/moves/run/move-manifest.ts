import type { MoveManifestRow } from '@/contracts/move-run';
import { csvCell as cell, csvText } from '@/server/csv-text';

/** A move's manifest as CSV (RFC 4180 quoting by papaparse, formulas escaped), one line per repository. */
export function moveManifestCsv(rows: readonly MoveManifestRow[]): string {
  const fields = [
    'repository',
    'target_repository',
    'step',
    'archive_sha256',
    'archive_file',
    'archive_bytes',
    'migration_id',
    'log_url',
    'validation',
    'source_lock',
    'source_archived',
  ];
  const data = rows.map((row) => ({
    repository: cell(row.repository),
    target_repository: cell(row.targetRepository),
    step: row.step,
    archive_sha256: cell(row.archiveSha256),
    archive_file: cell(row.archiveFile),
    archive_bytes: row.archiveBytes === null ? '' : String(row.archiveBytes),
    migration_id: cell(row.migrationId),
    log_url: cell(row.logUrl),
    validation: cell(row.validation),
    source_lock: cell(row.sourceLock),
    source_archived: row.sourceArchived ? 'true' : 'false',
  }));
  return csvText(fields, data);
}
