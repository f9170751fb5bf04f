import { isRecord, ShapeError } from './json';

/**
 * `/api/ferry/*`: what the gateway remembers (its store) and watches. Shared by the gateway and the SPA;
 * the parsers below are the SPA's edge, the gateway validates requests with the same shapes.
 * Times are ISO strings on the upstream's clock (the simulator's, or GitHub's `Date`).
 */

export interface RateHistoryPoint {
  /** The configured GitHub credential (`default` for `GITHUB_TOKEN`). */
  credential: string;
  at: string;
  resource: string;
  limit: number;
  remaining: number;
  used: number;
  /** When this reading's window resets. */
  reset: string;
}

/**
 * `GET /api/ferry/rate-history?since=ISO&resource=core&step=600&credential=name` (since defaults to a day ago; with `step`
 * seconds, only the newest reading of each resource per step).
 */
export interface RateHistoryResponse {
  /** The upstream's time when the gateway answered. */
  now: string;
  samples: RateHistoryPoint[];
}

export interface TimelineEntry {
  at: string;
  kind: 'migration' | 'import';
  /** `org/octo-org/migration/42`, `user/migration/42`, `repo/octocat/hello/import`. */
  subject: string;
  state: string;
  /** `watcher` for changes the gateway saw itself, otherwise who asked (a login or `browser <id>`). */
  actor: string;
  detail?: Record<string, unknown>;
}

/** `GET /api/ferry/timeline?subject=…` or `?since=ISO&limit=N`. */
export interface TimelineResponse {
  events: TimelineEntry[];
}

/** `GET /api/ferry/unlocks?owner=org/octo-org&migration=42` (owner `user` for the user's own). */
export interface UnlocksResponse {
  unlocks: { repoName: string; at: string; actor: string }[];
}

export type RecentKind = 'org' | 'import' | 'tld';
/** `GET /api/ferry/recent?kind=tld`; `POST /api/ferry/recent` with `{ kind, key }` answers 204. */
export interface RecentResponse {
  items: { kind: RecentKind; key: string; openedAt: string }[];
}

export interface AuthorDraftEntry {
  authorId: number;
  name: string;
  email: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
}

/** `GET /api/ferry/drafts/{owner}/{repo}`. */
export interface DraftsResponse {
  drafts: AuthorDraftEntry[];
}

/**
 * One drafts request carries at most this many saves (or ids to discard), and stays under this many bytes
 * (the gateway's default body limit is 256 KiB): a larger mapping is sent in several requests.
 */
export const DRAFT_SAVES_PER_REQUEST = 1_000;
export const DRAFT_REQUEST_BYTES = 192 * 1024;

/** `PUT /api/ferry/drafts/{owner}/{repo}`; `client` is a random id per browser. */
export interface DraftsSaveRequest {
  client: string;
  saves: { authorId: number; name: string; email: string; baseVersion: number }[];
}

export interface DraftsSaveResponse {
  results: {
    draft: AuthorDraftEntry;
    overwrote?: { updatedBy: string; updatedAt: string; name: string; email: string };
  }[];
}

/** `GET /api/ferry/watched`: every migration and import the gateway follows, newest first. */
export interface WatchedResponse {
  items: {
    /** Upstream path, e.g. `orgs/octo-org/migrations/42` or `repos/octocat/hello/import`. */
    path: string;
    kind: 'migration' | 'import' | 'list' | 'repos';
    state: string;
    seenAt: string;
    terminal: boolean;
    body: unknown;
  }[];
}

function arrayField(value: unknown, field: string): unknown[] {
  if (!isRecord(value) || !Array.isArray(value[field])) {
    throw new ShapeError('ferry', `Ferry’s server answered without a “${field}” list.`);
  }
  return value[field] as unknown[];
}

const isIso = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function parseRateHistory(value: unknown): RateHistoryResponse {
  const samples = arrayField(value, 'samples')
    // A gateway from before several credentials sent none: its readings are the one credential's.
    .map((sample) =>
      isRecord(sample) && sample.credential === undefined ? { ...sample, credential: 'default' } : sample,
    )
    .filter(
      (sample): sample is RateHistoryPoint =>
        isRecord(sample) &&
        typeof sample.credential === 'string' &&
        isIso(sample.at) &&
        typeof sample.resource === 'string' &&
        isInt(sample.limit) &&
        isInt(sample.remaining) &&
        isInt(sample.used) &&
        isIso(sample.reset),
    );
  const now = isRecord(value) && isIso(value.now) ? value.now : new Date().toISOString();
  return { now, samples };
}

export function parseTimeline(value: unknown): TimelineResponse {
  const events = arrayField(value, 'events').filter(
    (event): event is TimelineEntry =>
      isRecord(event) &&
      isIso(event.at) &&
      (event.kind === 'migration' || event.kind === 'import') &&
      typeof event.subject === 'string' &&
      typeof event.state === 'string' &&
      typeof event.actor === 'string',
  );
  return { events };
}

export function parseUnlocks(value: unknown): UnlocksResponse {
  const unlocks = arrayField(value, 'unlocks').filter(
    (unlock): unlock is UnlocksResponse['unlocks'][number] =>
      isRecord(unlock) &&
      typeof unlock.repoName === 'string' &&
      isIso(unlock.at) &&
      typeof unlock.actor === 'string',
  );
  return { unlocks };
}

export function parseRecent(value: unknown): RecentResponse {
  const items = arrayField(value, 'items').filter(
    (item): item is RecentResponse['items'][number] =>
      isRecord(item) &&
      (item.kind === 'org' || item.kind === 'import' || item.kind === 'tld') &&
      typeof item.key === 'string' &&
      isIso(item.openedAt),
  );
  return { items };
}

function isDraft(value: unknown): value is AuthorDraftEntry {
  return (
    isRecord(value) &&
    isInt(value.authorId) &&
    typeof value.name === 'string' &&
    typeof value.email === 'string' &&
    isInt(value.version) &&
    isIso(value.updatedAt) &&
    typeof value.updatedBy === 'string'
  );
}

export function parseDrafts(value: unknown): DraftsResponse {
  return { drafts: arrayField(value, 'drafts').filter(isDraft) };
}

export function parseDraftsSave(value: unknown): DraftsSaveResponse {
  const results = arrayField(value, 'results').filter(
    (result): result is DraftsSaveResponse['results'][number] => isRecord(result) && isDraft(result.draft),
  );
  return { results };
}

export function parseWatched(value: unknown): WatchedResponse {
  const items = arrayField(value, 'items').filter(
    (item): item is WatchedResponse['items'][number] =>
      isRecord(item) &&
      typeof item.path === 'string' &&
      (item.kind === 'migration' ||
        item.kind === 'import' ||
        item.kind === 'list' ||
        item.kind === 'repos') &&
      typeof item.state === 'string' &&
      isIso(item.seenAt) &&
      typeof item.terminal === 'boolean',
  );
  return { items };
}

/**
 * Sent by the SPA with `GET /api/github/repos/{owner}/{repo}/import`. GitHub answers 404 when a repository has
 * no import, and browsers log every 404 as an error; with this header (value `null`) the gateway answers that
 * GitHub 404 as `200 null` and marks it with the same header (value `404`). Other clients see GitHub's answer.
 */
export const ABSENT_HEADER = 'x-ferry-absent';
