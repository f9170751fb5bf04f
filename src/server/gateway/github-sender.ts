import { Hono, type Context } from 'hono';
import { CREDENTIAL_HEADER } from '@/contracts/credentials';
import type { Match } from '../allow-list';
import type { GatewayConfig } from '../config';
import type { Credential, Credentials } from '../credentials/credentials';
import { forward } from '../forward';
import { gatewayError } from '../gateway-error';
import type { GatewayMetrics } from '../metrics/gateway-metrics';
import type { UpstreamFetch } from '../outbound/bounded-fetch';
import type { HandedUrlCheck } from '../outbound/handed-url';
import type { RateRecorder } from '../rate-recorder';
import { INTERNAL_ORIGIN } from '../watch/watcher';
import { matchRequest } from './match-request';

export interface GithubSender {
  /** A GitHub call with the credential the request names (or the operation's first), recorded under it. */
  send: (c: Context, match: Match, credential: Credential) => Promise<Response>;
  /** A GET through the same forwarding, without the browser-facing checks (the watcher, the minute sample). */
  upstreamGet: (path: string, ifNoneMatch?: string, credential?: string) => Promise<Response>;
  /** Count an upstream answer in `/metrics`. */
  count: (upstream: string, operation: string, status: number) => void;
}

export function createGithubSender(deps: {
  config: GatewayConfig;
  credentials: Credentials;
  recorder: RateRecorder;
  metrics: GatewayMetrics;
  fetch: UpstreamFetch;
  /** Where an archive's redirect may point (`handedUrlChecks(…).archive`). */
  checkStorage: HandedUrlCheck;
}): GithubSender {
  const { config, credentials, recorder, metrics } = deps;
  const count = (upstream: string, operation: string, status: number) =>
    metrics.upstreamRequests.inc({ upstream, operation, status: String(status) });

  const send = async (c: Context, match: Match, credential: Credential) => {
    let authorization: string;
    try {
      authorization = await credential.authorization();
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
      return gatewayError(
        c,
        502,
        `The credential “${credential.name}” could not be used: ${reason}`,
        'CREDENTIAL_UNAVAILABLE',
      );
    }
    const response = await forward(
      c,
      config,
      match,
      deps.fetch,
      { authorization, secret: credential.currentSecret() },
      deps.checkStorage,
    );
    if (response.status === 401) credential.refused();
    recorder.observe(response.headers, credential.name);
    count('github', match.operation.id, response.status);
    return response;
  };

  const internal = new Hono();
  internal.get('/api/github/*', async (c) => {
    const result = matchRequest(c, 'github');
    if (!result.ok) return gatewayError(c, result.status, result.message, result.code);
    const choice = credentials.choose(c.req.header(CREDENTIAL_HEADER), result.match.operation);
    if (!choice.ok) return gatewayError(c, choice.status, choice.message, choice.code);
    return send(c, result.match, choice.credential);
  });
  const upstreamGet = async (pathAndQuery: string, ifNoneMatch?: string, credential?: string) => {
    const headers: Record<string, string> = {};
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    if (credential) headers[CREDENTIAL_HEADER] = credential;
    return internal.request(`${INTERNAL_ORIGIN}/api/github/${pathAndQuery}`, { headers });
  };
  return { send, upstreamGet, count };
}
