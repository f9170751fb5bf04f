import {
  DEFAULT_SECONDARY_WAIT_MS,
  GITHUB_API_VERSION,
  msUntilUpstream,
  readRateLimitPause,
} from '@/contracts/github/http';
import { githubRequestHeaders } from '@/contracts/github/wire-headers';
import { isRecord, stringOf } from '@/contracts/json';
import {
  fetchBounded,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from '@/server/outbound/bounded-fetch';
import { claimWriteSlot, type AccountGate } from '@/server/credentials/account-limits';
import { handedUrlCheck } from '@/server/outbound/handed-url';
import {
  failingAs,
  notJson,
  refusedUrl,
  upstreamError,
  UpstreamFailureError,
} from '@/server/outbound/upstream-failure';

/**
 * The wave runner's way to GitHub: the gateway's own upstream (token injected here, never stored), with the
 * rules the rest of Ferry follows for writes and limits:
 * - writes are sent one at a time, at least `writeSpacingMs` apart (GitHub asks for one second between
 *   mutative requests of one user: across a team through `gate`), and never retried by themselves;
 * - a primary limit (403/429 with `x-ratelimit-remaining: 0`) pauses every request until `x-ratelimit-reset`;
 * - a secondary limit pauses for `retry-after` (or 60 s);
 * - GETs revalidate with the ETag they last saw, so a status check that finds nothing new is a free 304.
 */
export interface GithubClientOptions {
  baseUrl: string;
  token?: string;
  /** The credential's `Authorization` value, asked before each call (an App's token is renewed by the hour). */
  authorization?: () => Promise<string>;
  fetch: UpstreamFetch;
  writeSpacingMs?: number;
  /**
   * The account's gate shared with the team's other gateways (src/server/credentials/account-limits.ts): a write
   * claims the account's slot right before it is sent, and GitHub's "wait" holds every request of every gateway.
   * Without it only this process's requests are paced and paused.
   */
  gate?: AccountGate;
  /** The upstream's seconds per real second (a faster simulated GitHub); 1 by default. */
  clockRate?: number;
  /** Header, stall, total-time and size bounds of every call (`jsonBounds`): answers are read whole. */
  bounds: OutboundBounds;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** `GITHUB_API_VERSION` (2022-11-28 when not given). */
  apiVersion?: string;
}

export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly until: number,
  ) {
    super(message);
  }
}

/**
 * GitHub refused the credential itself (its kind, permissions or owner), not the repositories: every other call
 * with it would be refused alike, so a wave stops on it rather than splitting or retrying.
 */
export class CredentialRefusedError extends Error {
  override name = 'CredentialRefusedError';
}

/**
 * GitHub's words for "this credential may not": a 403 naming the permissions that would do
 * (`X-Accepted-GitHub-Permissions`), or "Resource not accessible by personal access token / integration".
 */
export function credentialRefusal(status: number, headers: Headers, body: unknown): string | undefined {
  if (status !== 403) return undefined;
  const accepted = headers.get('x-accepted-github-permissions')?.slice(0, 200);
  const message = isRecord(body) ? stringOf(body.message)?.slice(0, 200) : undefined;
  if (!accepted && !(message && /^Resource not accessible by /i.test(message))) return undefined;
  return `${message ?? 'GitHub refused this credential'}${accepted ? ` (it needs ${accepted})` : ''}.`;
}

export interface GithubAnswer<T> {
  status: number;
  body: T | undefined;
  headers: Headers;
  /** The answer was a 304: `body` is the one seen before. */
  notModified: boolean;
  /** The ETag `body` goes with (a GET's), to revalidate it later, on any gateway. */
  etag?: string;
}

/** An answer seen before, possibly by another gateway of the team: a GET revalidates it (a free 304). */
export interface KnownAnswer {
  etag: string;
  body: unknown;
}

export function createGithubClient(options: GithubClientOptions) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const spacing = options.writeSpacingMs ?? 1_000;
  const etags = new Map<string, { etag: string; body: unknown }>();
  let pausedUntil = 0;
  let nextWriteAt = 0;
  let writes: Promise<unknown> = Promise.resolve();
  const stats = { requests: 0, writes: 0, notModified: 0 };

  const ownOrigin = handedUrlCheck({ origins: [options.baseUrl], hosts: [] });

  function url(path: string): string {
    return path.startsWith('http') ? path : `${options.baseUrl}/${path.replace(/^\//, '')}`;
  }

  async function send<T>(
    method: string,
    path: string,
    body?: unknown,
    known?: KnownAnswer,
    /** A write's claim of the team's slot: the last thing before the wire (issue 46's move-team bench). */
    claim?: () => Promise<void>,
  ): Promise<GithubAnswer<T>> {
    if (pausedUntil > now()) await sleep(pausedUntil - now());
    // Another gateway met GitHub's limit with this account: nothing is sent with its token until it lifts. A write
    // waits for it (its slot comes after the hold, as it did when the slot was claimed first); a read is refused.
    let held = (await options.gate?.heldMs()) ?? 0;
    while (held > 0 && claim) {
      await sleep(held);
      held = (await options.gate?.heldMs()) ?? 0;
    }
    if (held > 0) {
      pausedUntil = Math.max(pausedUntil, now() + held);
      throw new RateLimitedError('GitHub asked Ferry to wait (held for every gateway).', pausedUntil);
    }
    const target = url(path);
    // A URL GitHub handed back (a `Link` to the next page) is sent, with the token, only to GitHub itself.
    const elsewhere = await ownOrigin(new URL(target));
    if (elsewhere) throw new UpstreamFailureError(refusedUrl(elsewhere));
    // The migrations API's preview media type on every call (its specification requires it).
    const headers = new Headers(
      githubRequestHeaders({ apiVersion: options.apiVersion ?? GITHUB_API_VERSION, accept: 'preview' }),
    );
    if (options.authorization) headers.set('authorization', await options.authorization());
    else if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    const cached = method === 'GET' ? (etags.get(target) ?? known) : undefined;
    if (cached) headers.set('if-none-match', cached.etag);
    if (body !== undefined) headers.set('content-type', 'application/json');
    await claim?.();
    stats.requests++;
    const {
      response,
      body: answerBody,
      abort,
    } = await failingAs('connect', () =>
      fetchBounded(
        options.fetch,
        target,
        {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'manual',
        },
        options.bounds,
      ),
    );
    if (response.status === 304 && cached) {
      stats.notModified++;
      abort();
      return {
        status: 200,
        body: cached.body as T,
        headers: response.headers,
        notModified: true,
        etag: cached.etag,
      };
    }
    const pause = readRateLimitPause(response.status, response.headers);
    if (pause) {
      abort();
      const rate = Math.max(1, options.clockRate ?? 1);
      // A reset is a time on GitHub's clock: measured against its answer's `Date`, not this machine's.
      const waitMs =
        pause.kind === 'primary'
          ? pause.resetAtMs === undefined
            ? DEFAULT_SECONDARY_WAIT_MS / rate
            : msUntilUpstream(pause.resetAtMs, response.headers, { now: now(), clockRate: rate })
          : pause.waitMs / rate;
      pausedUntil = now() + waitMs;
      await options.gate?.hold(waitMs);
      throw new RateLimitedError(
        pause.kind === 'primary'
          ? 'GitHub’s rate limit is used up until its reset.'
          : 'GitHub’s secondary rate limit asked Ferry to wait.',
        pausedUntil,
      );
    }
    let text = '';
    if (response.status === 302 || response.status === 204) abort();
    // A cut answer (too large, stalled, endless) rejects here: the runner treats it as a failed call.
    else text = new TextDecoder().decode(await failingAs('body', () => readBounded(answerBody)));
    let parsed: T | undefined;
    try {
      parsed = text ? (JSON.parse(text) as T) : undefined;
    } catch {
      parsed = undefined;
    }
    const refusal = credentialRefusal(response.status, response.headers, parsed);
    if (refusal) throw new CredentialRefusedError(refusal);
    const etag = response.headers.get('etag');
    const fresh = method === 'GET' && response.status === 200 && etag !== null;
    if (fresh) etags.set(target, { etag, body: parsed });
    return {
      status: response.status,
      body: parsed,
      headers: response.headers,
      notModified: false,
      ...(fresh ? { etag } : {}),
    };
  }

  return {
    stats,
    /** A GET; `known` is revalidated when this gateway has not seen the path itself. */
    get: <T>(path: string, known?: KnownAnswer) => send<T>('GET', path, undefined, known),
    /** Writes queue behind each other, spaced. */
    /**
     * Writes queue behind each other, spaced. `fence` aborts when the job sending it lost its lease: a write still
     * waiting for its turn is then never sent (another gateway's retry of that job may send it), one on the wire
     * is let finish.
     */
    write<T>(
      method: 'POST' | 'DELETE' | 'PATCH',
      path: string,
      body?: unknown,
      fence?: AbortSignal,
    ): Promise<GithubAnswer<T>> {
      const run = writes.then(async () => {
        fence?.throwIfAborted();
        const wait = nextWriteAt - now();
        if (wait > 0) await sleep(wait);
        // The team's slot is claimed last, right before the wire (after the hold check, the URL check and the
        // token): awaits after a claim let two gateways' writes reach GitHub 0.74 s apart (move-team bench).
        const gate = options.gate;
        const claimSlot = gate ? () => claimWriteSlot(gate, spacing, sleep) : undefined;
        const claim = async () => {
          await claimSlot?.();
          fence?.throwIfAborted();
        };
        try {
          stats.writes++;
          return await send<T>(method, path, body, undefined, claim);
        } finally {
          nextWriteAt = now() + spacing;
        }
      });
      writes = run.catch(() => undefined);
      return run;
    },
    forget(path: string) {
      etags.delete(url(path));
    },
  };
}

export type GithubClient = ReturnType<typeof createGithubClient>;

/** An answer the step cannot use: not JSON (a proxy's HTML page), or GitHub's own error. */
export function unexpectedAnswer(answer: GithubAnswer<unknown>): UpstreamFailureError {
  if (answer.body === undefined && answer.status !== 204)
    return new UpstreamFailureError(notJson(answer.status));
  const message = isRecord(answer.body) ? stringOf(answer.body.message) : undefined;
  return new UpstreamFailureError(upstreamError(answer.status, message));
}
