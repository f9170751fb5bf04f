import { isRecord, ShapeError, type JsonRecord } from './json';

/**
 * The audit log (issue 51): every write through the gateway, with who did it, in a hash chain (each entry's
 * `hash` covers its fields and the entry before it), so an edited, removed or reordered entry is found by
 * `GET /api/audit/verify` and `npm run audit:verify`. Never a request body, a query string or a token.
 */
export interface AuditEntry {
  /** 1, 2, 3… without a gap (a pruned start of the log is anchored, not renumbered). */
  seq: number;
  /** ISO time the request arrived. */
  at: string;
  /** The login of the person (`local` without a sign-in configured). */
  actor: string;
  /** Their role then (`admin`, `self-service`, `viewer`, `local`). */
  role: string;
  /** `METHOD /api/route/pattern`, ids as parameters: `POST /api/moves/:id/cancel`. */
  action: string;
  /** The concrete path (no query string), at most 300 characters. */
  target: string;
  /** The HTTP status and what it was: `201 ok`, `422 refused`, `502 failed`. */
  outcome: string;
  /** The answer's `x-request-id`. */
  requestId: string;
  prevHash: string;
  hash: string;
}

/** `GET /api/audit`: newest first; `next` is the `before` of the next (older) page, null when none. */
export interface AuditPage {
  entries: AuditEntry[];
  next: number | null;
}

/** `GET /api/audit/verify`. */
export type AuditVerifyResult =
  | {
      ok: true;
      /** Entries checked (those kept after retention pruned older ones). */
      entries: number;
      /** The newest entry's seq and hash (null: empty): note them elsewhere to anchor the chain outside Ferry. */
      head: { seq: number; hash: string } | null;
    }
  | { ok: false; seq: number; reason: string };

/** The query parameters `GET /api/audit`, `/api/audit.csv` and `/api/audit.json` take. */
export const AUDIT_FILTERS = ['actor', 'action', 'from', 'to', 'before', 'limit'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];

/** Most entries one page lists, and the default. */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 100;
/** Most entries one download holds. */
export const AUDIT_EXPORT_MAX = 10_000;

const malformed = () => new ShapeError('ferry', 'Ferry’s server sent an audit log it could not read.');

const str = (record: JsonRecord, key: string): string => {
  const value = record[key];
  if (typeof value !== 'string') throw malformed();
  return value;
};

const seqOf = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw malformed();
  return value;
};

export function parseAuditEntry(value: unknown): AuditEntry {
  if (!isRecord(value)) throw malformed();
  return {
    seq: seqOf(value.seq),
    at: str(value, 'at'),
    actor: str(value, 'actor'),
    role: str(value, 'role'),
    action: str(value, 'action'),
    target: str(value, 'target'),
    outcome: str(value, 'outcome'),
    requestId: str(value, 'requestId'),
    prevHash: str(value, 'prevHash'),
    hash: str(value, 'hash'),
  };
}

export function parseAuditPage(value: unknown): AuditPage {
  if (!isRecord(value) || !Array.isArray(value.entries)) throw malformed();
  return {
    entries: value.entries.map(parseAuditEntry),
    next: value.next === null || value.next === undefined ? null : seqOf(value.next),
  };
}

export function parseAuditVerify(value: unknown): AuditVerifyResult {
  if (!isRecord(value)) throw malformed();
  if (value.ok === true) {
    if (typeof value.entries !== 'number' || !Number.isSafeInteger(value.entries) || value.entries < 0)
      throw malformed();
    const head = isRecord(value.head) ? { seq: seqOf(value.head.seq), hash: str(value.head, 'hash') } : null;
    return { ok: true, entries: value.entries, head };
  }
  if (value.ok === false) return { ok: false, seq: seqOf(value.seq), reason: str(value, 'reason') };
  throw malformed();
}
