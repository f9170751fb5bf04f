import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Actor } from '@/contracts/session';
import { loggableError } from '@/server/log-safe';
import { redactJsonText } from '@/server/redact';
import type { AuditAppend, AuditLog } from '@/server/store/audit-store';
import { withDeadline } from '@/server/store/deadline';
import { LOCAL_ACTOR, requestActor } from './actor';
import { auditAction, auditOutcome, auditTarget, TARGET_MAX } from './audit-action';

/**
 * Where the gateway's writes are recorded (issue 51). Every request to `/api/*` that is not GET, HEAD or OPTIONS
 * is appended after its route answered: who (the signed-in actor, or `local`), the route, the concrete path, the
 * status and the request id. Never the body or the query string (secrets pass through some routes), never a
 * token; known secrets in a path are redacted. A failed append is logged and counted, and the write's own answer
 * stands. Without a store nothing is recorded.
 */
export interface AuditRecorder {
  /** Whether there is a store to record in. */
  readonly recording: boolean;
  /** Append one entry; never throws (a failure is logged and counted). */
  record(entry: AuditAppend): Promise<void>;
  /**
   * Background work acting for a person (a move's jobs): recorded as that person, with an id of its own.
   * `action` as the routes' (`POST /api/moves/:id/cancel`), `target` a path, `outcome` as `auditOutcome` says.
   */
  auditFor(actor: Actor, action: string, target: string, outcome: string): Promise<void>;
  /** The middleware on `/api/*` that records every write. */
  middleware: MiddlewareHandler;
}

export interface AuditRecorderOptions {
  /** The audit log (the store opened, or opened on first use); none: nothing is recorded. */
  log?: () => Promise<AuditLog>;
  /** Every secret the gateway knows, redacted from what is recorded. */
  secrets: () => readonly string[];
  /** A failed append (the metrics' counter). */
  onFailure?: () => void;
  /**
   * A sign-in is configured (`FERRY_AUTH=github`): a write without a session (refused by the sign-in) is recorded
   * as `anonymous`, role `none`; without a sign-in it is `local`'s.
   */
  signInConfigured?: boolean;
  /** How long an append may take before it counts as failed (default 5 s). */
  timeoutMs?: number;
  logLine?: (line: string) => void;
}

/** Methods that read: not recorded. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An id the answer already carries (an upstream's, forwarded) is recorded as it is when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/** The answer's request id, or a new one set on it. */
function requestIdOf(c: Context): string {
  const answered = c.res.headers.get(REQUEST_ID_HEADER);
  if (answered && REQUEST_ID.test(answered)) return answered;
  const id = randomUUID();
  try {
    c.res.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    // An answer with immutable headers (a fetched Response passed through): a copy takes it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, id);
  }
  return id;
}

const cut = (text: string, max: number) => text.slice(0, max);

/** Who a write without a session is, when a sign-in is configured (the sign-in refuses it). */
export const ANONYMOUS = { login: 'anonymous', role: 'none' } as const;

export function createAuditRecorder(options: AuditRecorderOptions): AuditRecorder {
  const { log, secrets, onFailure, timeoutMs = 5_000, logLine = console.error } = options;
  const nobody = options.signInConfigured ? ANONYMOUS : LOCAL_ACTOR;
  const record = async (entry: AuditAppend) => {
    if (!log) return;
    const known = secrets();
    const clean: AuditAppend = {
      ...entry,
      actor: cut(entry.actor, 100),
      role: cut(entry.role, 32),
      action: cut(redactJsonText(entry.action, known), TARGET_MAX),
      target: cut(redactJsonText(entry.target, known), TARGET_MAX),
      outcome: cut(entry.outcome, 40),
      requestId: cut(entry.requestId, 128),
    };
    try {
      const audit = await log();
      await withDeadline(
        audit.append(clean),
        timeoutMs,
        () => new Error(`the store did not take the entry within ${timeoutMs / 1000} s`),
      );
    } catch (error) {
      onFailure?.();
      logLine(
        `[audit] ${clean.action} by ${clean.actor} (${clean.outcome}, request ${clean.requestId}) not recorded: ${loggableError(error, known)}`,
      );
    }
  };
  return {
    recording: Boolean(log),
    record,
    auditFor: (actor, action, target, outcome) =>
      record({ actor: actor.login, role: actor.role, action, target, outcome, requestId: randomUUID() }),
    middleware: async (c, next) => {
      if (!log || READS.has(c.req.method.toUpperCase())) return next();
      const at = new Date();
      await next();
      let entry: AuditAppend;
      try {
        const actor = requestActor(c) ?? nobody;
        entry = {
          at,
          actor: actor.login,
          role: actor.role,
          action: auditAction(c),
          target: auditTarget(c),
          outcome: auditOutcome(c.res.status),
          requestId: requestIdOf(c),
        };
      } catch (error) {
        // Never the write's answer turned into an error by its record.
        onFailure?.();
        logLine(`[audit] a write was not recorded: ${loggableError(error, secrets())}`);
        return;
      }
      await record(entry);
    },
  };
}
