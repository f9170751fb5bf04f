import type { AuditEntry } from '@/contracts/audit';
import { csvText, csvCell } from '@/server/csv-text';

/** The audit log as CSV: one line per entry, newest first, formulas escaped as a move's manifest escapes them. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const fields = [
    'seq',
    'at',
    'actor',
    'role',
    'action',
    'target',
    'outcome',
    'request_id',
    'prev_hash',
    'hash',
  ];
  const data = entries.map((entry) => ({
    seq: String(entry.seq),
    at: entry.at,
    actor: csvCell(entry.actor),
    role: csvCell(entry.role),
    action: csvCell(entry.action),
    target: csvCell(entry.target),
    outcome: csvCell(entry.outcome),
    request_id: csvCell(entry.requestId),
    prev_hash: entry.prevHash,
    hash: entry.hash,
  }));
  return csvText(fields, data);
}
