/** What the page filters the audit log by, as typed (dates as the date fields give them: YYYY-MM-DD). */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

/** The query parameters of `GET /api/audit*`: only the filters given (trimmed), and the page cursor. */
export function auditSearchParams(filters: AuditFilters, before?: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of ['actor', 'action', 'from', 'to'] as const) {
    const value = filters[name].trim();
    if (value) params[name] = value;
  }
  if (before !== undefined) params.before = String(before);
  return params;
}

export const hasFilters = (filters: AuditFilters) => Object.keys(auditSearchParams(filters)).length > 0;

/** A download of the log with the page's filters (`GET /api/audit.csv` or `.json`). */
export function auditDownloadHref(format: 'csv' | 'json', filters: AuditFilters): string {
  const query = new URLSearchParams(auditSearchParams(filters)).toString();
  return `/api/audit.${format}${query ? `?${query}` : ''}`;
}
