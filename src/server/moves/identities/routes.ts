import { Hono, type Context } from 'hono';
import { gatewayError } from '@/server/gateway-error';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { githubFault } from '../github-fault';
import {
  TargetCredentialError,
  TargetGraphqlError,
  TargetRateLimitedError,
  TargetUnavailableError,
} from '../target-errors';
import { NoStoreError, type Identities } from './identities';
import { IdentityInputError } from './identity-input-error';
import { isRefusal, parseDraftsSave, parseReclaimRequest, parseTargetQuery } from './identity-request';

/** GitHub's refusals of the credential itself (an App or fine-grained token, a member who is no owner). */
const CREDENTIAL_REFUSALS = ['FORBIDDEN', 'INSUFFICIENT_SCOPES'];

/**
 * `/api/identities/*` (shapes in src/contracts/identities.ts). Mounted under /api: the gateway's Host, Origin,
 * Sec-Fetch-Site and body-size checks apply; here JSON only for writes, strict parsers, and each failure of the
 * target answered as itself.
 */
export interface IdentityRouteOptions {
  /**
   * Whether this request may map `target`'s identities: the refusal's words, or undefined (issue 51: a
   * self-service person maps the identities of a target their own moves went to). None: everyone may.
   */
  mayMap?: (c: Context, target: string) => Promise<string | undefined>;
}

export function createIdentityRoutes(identities: Identities, options: IdentityRouteOptions = {}) {
  const app = new Hono();
  const refusedMap = async (c: Context, target: string) => {
    const refused = await options.mayMap?.(c, target);
    return refused ? gatewayError(c, 403, refused, 'FORBIDDEN') : undefined;
  };

  const failed = (c: Context, error: unknown) => {
    // GitHub's limits and outages are headed as the target's trouble, not Ferry's (as the moves' routes do).
    const waitFor = (status: 429 | 503, message: string, code: string, seconds: number) =>
      githubFault(c, status, message, code, { side: 'target', retryAfterSeconds: seconds });
    if (error instanceof IdentityInputError) return gatewayError(c, 422, error.message, 'INVALID');
    if (error instanceof NoStoreError)
      return c.json({ message: error.message, code: 'NO_STORE', source: 'gateway' }, 503);
    if (error instanceof TargetCredentialError)
      return gatewayError(c, 403, error.message, 'TARGET_CREDENTIAL_REFUSED');
    if (error instanceof TargetRateLimitedError)
      return waitFor(
        429,
        `The target says: ${error.message}`,
        'TARGET_RATE_LIMITED',
        error.retryAfterSeconds,
      );
    if (error instanceof TargetUnavailableError)
      return waitFor(503, `The target says: ${error.message}`, 'TARGET_UNAVAILABLE', 60);
    if (error instanceof TargetGraphqlError)
      return CREDENTIAL_REFUSALS.includes(error.type ?? '')
        ? gatewayError(
            c,
            403,
            `GitHub refused the target credential: ${error.message}`,
            'TARGET_CREDENTIAL_REFUSED',
          )
        : githubFault(c, 502, `The target answered: ${error.message}`, 'UPSTREAM_ERROR', { side: 'target' });
    if (error instanceof UpstreamFailureError) {
      const { status, message, code, ...whose } = error.failure;
      return githubFault(c, status, message, code, { side: 'target', ...whose });
    }
    throw error;
  };

  const targetOf = (c: Context) => parseTargetQuery(c.req.query('target'), c.req.query('credential'));

  const jsonOf = async (c: Context): Promise<unknown> => {
    if (!/^application\/json\s*(?:;|$)/i.test(c.req.header('content-type') ?? '')) return UNSUPPORTED;
    return c.req.json().catch(() => NOT_JSON);
  };
  const UNSUPPORTED = Symbol('unsupported');
  const NOT_JSON = Symbol('not JSON');
  const badBody = (c: Context, body: unknown) =>
    body === UNSUPPORTED
      ? gatewayError(c, 415, 'Send application/json.', 'UNSUPPORTED_MEDIA_TYPE')
      : gatewayError(c, 400, 'The body is not JSON.', 'BAD_JSON');

  app.get('/', async (c) => {
    const query = targetOf(c);
    if (isRefusal(query)) return gatewayError(c, 400, query.refused, 'BAD_QUERY');
    try {
      return c.json(await identities.list(query.target, query.credential));
    } catch (error) {
      return failed(c, error);
    }
  });

  app.get('/reclaim.csv', async (c) => {
    const query = targetOf(c);
    if (isRefusal(query)) return gatewayError(c, 400, query.refused, 'BAD_QUERY');
    try {
      const { csv, rows, leftOut } = await identities.csv(query.target, query.credential);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="reclaim-${query.target}.csv"`,
        'x-ferry-rows': String(rows),
        // Mannequins whose values gh gei could not read back (a comma, a quote, …): left out, counted here.
        'x-ferry-left-out': String(leftOut.length),
        'cache-control': 'no-store',
      });
    } catch (error) {
      return failed(c, error);
    }
  });

  app.get('/drafts', async (c) => {
    const query = targetOf(c);
    if (isRefusal(query)) return gatewayError(c, 400, query.refused, 'BAD_QUERY');
    try {
      return c.json({ drafts: await identities.drafts(query.target) });
    } catch (error) {
      return failed(c, error);
    }
  });

  app.put('/drafts', async (c) => {
    const query = targetOf(c);
    if (isRefusal(query)) return gatewayError(c, 400, query.refused, 'BAD_QUERY');
    const refused = await refusedMap(c, query.target);
    if (refused) return refused;
    const body = await jsonOf(c);
    if (typeof body === 'symbol') return badBody(c, body);
    const save = parseDraftsSave(body);
    if (isRefusal(save)) return gatewayError(c, 400, save.refused, 'BAD_BODY');
    try {
      return c.json(await identities.saveDrafts(query.target, save));
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/reclaim', async (c) => {
    const body = await jsonOf(c);
    if (typeof body === 'symbol') return badBody(c, body);
    const request = parseReclaimRequest(body);
    if (isRefusal(request)) return gatewayError(c, 400, request.refused, 'BAD_BODY');
    const refused = await refusedMap(c, request.target);
    if (refused) return refused;
    try {
      return c.json(await identities.reclaim(request));
    } catch (error) {
      return failed(c, error);
    }
  });

  return app;
}
