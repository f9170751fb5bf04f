import { AUDIT_FILTERS, type AuditFilterName } from '@/contracts/audit';
import type { AuditQuery } from '@/server/store/audit-store';

/**
 * The query of `GET /api/audit`, `/api/audit.csv` and `/api/audit.json`, checked strictly: an unknown or repeated
 * parameter, a date that does not parse or lies outside 2000–2100, a `before` or `limit` that is not a positive
 * whole number are refused with the reason (422), never passed on to the store.
 */
export type AuditQueryResult = { ok: true; query: AuditQuery } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:\d{2})?$/;
const WHOLE = /^[1-9]\d{0,15}$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\x00-\x1f\x7f]/;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** A name as it may be echoed in a message: short, printable. */
const shown = (text: string) => JSON.stringify(text.slice(0, 40).replace(/[^\x20-\x7e]/g, '?'));

/** A calendar date that exists (2026-02-30 does not). */
function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `from`/`to`: a date (`to`: through its end, UTC) or a date and time (UTC without a zone). */
export function auditDate(name: 'from' | 'to', value: string): Date | string {
  const bad = `${name} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]) from ${FIRST_YEAR} to ${LAST_YEAR}.`;
  const dateOnly = DATE.exec(value);
  const parts = dateOnly ?? DATE_TIME.exec(value);
  if (!parts) return bad;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR || !realDate(year, month, day)) return bad;
  if (!dateOnly && (Number(parts[4]) > 23 || Number(parts[5]) > 59 || Number(parts[6] ?? 0) > 59)) return bad;
  const time = dateOnly
    ? Date.parse(`${value}T00:00:00Z`) + (name === 'to' ? 86_400_000 - 1 : 0)
    : Date.parse(parts[8] ? value : `${value}Z`);
  if (!Number.isFinite(time)) return bad;
  return new Date(time);
}

function wholeNumber(name: string, value: string, max: number): number | string {
  const number = WHOLE.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number <= max
    ? number
    : `${name} must be a whole number from 1 to ${max}.`;
}

function text(name: string, value: string, max: number): string | { error: string } {
  if (value.length > max || CONTROL.test(value))
    return { error: `${name} must be at most ${max} printable characters.` };
  return value;
}

/** Each parameter read on its own; the first refusal wins. */
function readParam(
  name: AuditFilterName,
  value: string,
  maxLimit: number,
  query: AuditQuery,
): string | undefined {
  switch (name) {
    case 'actor':
    case 'action': {
      const read = text(name, value, name === 'actor' ? 100 : 200);
      if (typeof read !== 'string') return read.error;
      query[name] = read;
      return undefined;
    }
    case 'from':
    case 'to': {
      const date = auditDate(name, value);
      if (typeof date === 'string') return date;
      query[name] = date;
      return undefined;
    }
    case 'before':
    case 'limit': {
      const number = wholeNumber(name, value, name === 'limit' ? maxLimit : Number.MAX_SAFE_INTEGER);
      if (typeof number === 'string') return number;
      query[name] = number;
      return undefined;
    }
  }
}

export function parseAuditQuery(
  params: URLSearchParams,
  limits: { max: number; default: number },
): AuditQueryResult {
  const query: AuditQuery = { limit: limits.default };
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!(AUDIT_FILTERS as readonly string[]).includes(name))
      return {
        ok: false,
        message: `Unknown parameter ${shown(name)}: the audit log takes ${AUDIT_FILTERS.join(', ')}.`,
      };
    if (seen.has(name)) return { ok: false, message: `${name} is given more than once.` };
    seen.add(name);
    // An empty field of a form is no filter.
    if (value === '') continue;
    const refused = readParam(name as AuditFilterName, value, limits.max, query);
    if (refused) return { ok: false, message: refused };
  }
  if (query.from && query.to && query.from > query.to) return { ok: false, message: 'from is after to.' };
  return { ok: true, query };
}
