/**
 * Alert texts for people (pure): what a timeline subject is in words, where Ferry shows it, and a time as the
 * gateway's local time with UTC beside it. The page addresses mirror the SPA's routes (src/app/page-routes.ts;
 * the gateway does not import the web code, and alert-words.test.ts checks each address opens a page).
 */

/** The Ferry pages an alert links back to. */
export const ALERT_PAGES = {
  alerts: '/alerts',
  rateLimits: '/rate-limits',
  connection: '/connection',
  wave: (id: string) => `/waves/${encodeURIComponent(id)}`,
  move: (id: string) => `/moves/${encodeURIComponent(id)}`,
  orgMigration: (org: string, id: string) =>
    `/migrations/orgs/${encodeURIComponent(org)}/${encodeURIComponent(id)}`,
  userMigration: (id: string) => `/migrations/user/${encodeURIComponent(id)}`,
  import: (owner: string, repo: string) =>
    `/imports/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
} as const;

export interface SubjectWords {
  /** "export 42 of the organization octo-org", "the import into octocat/hello". */
  words: string;
  /** The Ferry page that shows it. */
  path: string;
}

/** A timeline subject (src/contracts/github/subjects.ts) in words, with its page; an unknown form is quoted. */
export function subjectWords(subject: string): SubjectWords {
  const parts = subject.split('/');
  if (parts[0] === 'org' && parts[2] === 'migration' && parts.length === 4)
    return {
      words: `export ${parts[3]} of the organization ${parts[1]}`,
      path: ALERT_PAGES.orgMigration(parts[1]!, parts[3]!),
    };
  if (parts[0] === 'user' && parts[1] === 'migration' && parts.length === 3)
    return { words: `export ${parts[2]} of your user account`, path: ALERT_PAGES.userMigration(parts[2]!) };
  if (parts[0] === 'repo' && parts[3] === 'import' && parts.length === 4)
    return {
      words: `import into ${parts[1]}/${parts[2]}`,
      path: ALERT_PAGES.import(parts[1]!, parts[2]!),
    };
  return { words: `“${subject}”`, path: ALERT_PAGES.alerts };
}

/** The gateway's own time zone (`TZ`), as the process resolves it. */
export const gatewayTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function formatIn(date: Date, timeZone: string, withDate: boolean): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    ...(withDate ? { day: 'numeric', month: 'short', year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

/**
 * "25 Nov 2026, 11:00 CET (10:00 UTC)": local first, for the person reading it, and UTC for anyone elsewhere;
 * one time only when the gateway runs on UTC. The UTC part carries its own date when that differs.
 */
export function timeWords(at: Date | string, timeZone: string = gatewayTimeZone()): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (!Number.isFinite(date.getTime())) return String(at);
  const utc = formatIn(date, 'UTC', true);
  let local: string;
  try {
    local = formatIn(date, timeZone, true);
  } catch {
    return utc;
  }
  if (local === utc) return utc;
  const sameDay = local.slice(0, local.indexOf(',')) === utc.slice(0, utc.indexOf(','));
  return `${local} (${sameDay ? formatIn(date, 'UTC', false) : utc})`;
}
