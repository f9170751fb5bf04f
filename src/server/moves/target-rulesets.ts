import { JSON_ACCEPT, USER_AGENT } from '@/contracts/github/http';
import { parseRuleset, parseRulesetList, type RulesetDetail } from '@/contracts/github/rulesets';
import { isRecord, isShapeError, stringOf } from '@/contracts/json';
import {
  fetchBounded,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from '@/server/outbound/bounded-fetch';
import {
  failingAs,
  notJson,
  onSide,
  upstreamError,
  UpstreamFailureError,
} from '@/server/outbound/upstream-failure';
import type { AccountGate } from '@/server/credentials/account-limits';
import { TargetCredentialError } from './target-errors';
import { limited, limitWaitMs, refuseWhileHeld } from './target-limits';

/**
 * The target organization's rulesets for the pre-flight, by REST: GraphQL's `Organization.rulesets` cannot say
 * whether Repository migrations may bypass one (its bypass actors are Apps, teams and roles, its modes `ALWAYS`
 * and `PULL_REQUEST`; no `exempt`), and REST's list carries no conditions or bypass list. So: one list request
 * (100 a page) and one detail read per ruleset that is not `disabled` — per preview, never per repository.
 */
export type RulesetsRead =
  { ok: true; rulesets: RulesetDetail[]; requests: number } | { ok: false; reason: string; requests: number };

const PER_PAGE = 100;
/** 1,000 rulesets: far past any organization's; the pre-flight stops reading there. */
const MAX_PAGES = 10;

export interface TargetRestOptions {
  baseUrl: string;
  apiVersion: string;
  authorization: () => Promise<string>;
  fetch: UpstreamFetch;
  bounds: OutboundBounds;
  /** The target account's hold, shared by the team (src/server/credentials/account-limits.ts). */
  gate?: AccountGate;
  clockRate?: number;
}

/** A refusal the pre-flight reports instead of guessing (a token that may not read rulesets: 403/404). */
class NotReadable extends Error {}

export async function readTargetRulesets(options: TargetRestOptions, org: string): Promise<RulesetsRead> {
  let requests = 0;
  const base = `${options.baseUrl.replace(/\/+$/, '')}/orgs/${encodeURIComponent(org)}/rulesets`;

  async function get(url: string): Promise<unknown> {
    await refuseWhileHeld(options.gate);
    requests++;
    const headers = new Headers({
      'user-agent': USER_AGENT,
      accept: JSON_ACCEPT,
      'x-github-api-version': options.apiVersion,
      authorization: await options.authorization(),
    });
    const { response, body } = await failingAs('connect', () =>
      fetchBounded(options.fetch, url, { method: 'GET', headers, redirect: 'manual' }, options.bounds),
    );
    const raw = new TextDecoder().decode(await failingAs('body', () => readBounded(body)));
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      parsed = undefined;
    }
    const message = isRecord(parsed) ? stringOf(parsed.message)?.slice(0, 300) : undefined;
    const pauseMs = limitWaitMs(response, message, undefined, options.clockRate ?? 1);
    if (pauseMs !== undefined)
      return limited(options.gate, message ?? 'The target’s rate limit is spent.', pauseMs);
    if (response.status === 401)
      throw new TargetCredentialError(
        `GitHub refused the target credential: ${message ?? 'Bad credentials'}.`,
      );
    if (response.status === 403 || response.status === 404)
      throw new NotReadable(`GitHub answered ${response.status} “${message ?? 'Not Found'}”`);
    if (parsed === undefined) throw new UpstreamFailureError(notJson(response.status));
    if (response.status !== 200) throw new UpstreamFailureError(upstreamError(response.status, message));
    return parsed;
  }

  try {
    const listed = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const items = parseRulesetList(await get(`${base}?per_page=${PER_PAGE}&page=${page}`));
      listed.push(...items);
      if (items.length < PER_PAGE) break;
    }
    const rulesets: RulesetDetail[] = [];
    for (const summary of listed) {
      if (summary.enforcement === 'disabled') continue;
      rulesets.push(parseRuleset(await get(`${base}/${summary.id}`)));
    }
    return { ok: true, rulesets, requests };
  } catch (error) {
    if (error instanceof NotReadable)
      return {
        ok: false,
        reason: `the organization’s rulesets could not be read: ${error.message}`,
        requests,
      };
    if (isShapeError(error))
      throw new UpstreamFailureError({ ...upstreamError(200, error.message), side: 'target' });
    throw onSide(error, 'target');
  }
}
