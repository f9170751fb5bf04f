import type { Context } from 'hono';
import { CREDENTIAL_HEADER } from '@/contracts/credentials';
import type { Credential } from '@/server/credentials/credentials';
import { ABSENT_HEADER } from '@/contracts/ferry';
import { absentAsNull } from '@/server/absent-as-null';
import { gatewayError } from '@/server/gateway-error';
import { recordWrite } from '@/server/record-writes';
import { stalePrefixes, watchTargetOf } from '@/server/watch/watch-targets';
import type { Area } from '../area';
import { forAllowedOperation } from '../match-request';
import type { GatewayServices } from '../services';

/**
 * `/api/github/*`: allow-listed GitHub operations, each with the credential the request names (or the
 * operation's default). GETs the shared watcher follows are answered from it; a write is recorded in the
 * timeline and makes what it changed stale.
 */
export function githubArea(services: GatewayServices): Area {
  const { config, credentials, watcher, store, recorder, github } = services;
  const actor = config.github.mode === 'simulator' ? config.simUser : undefined;
  const actorOf = (c: Context) => {
    if (actor) return actor;
    const client = c.req.header('x-ferry-client');
    return client && /^[A-Za-z0-9_-]{8,64}$/.test(client) ? `browser ${client.slice(0, 8)}` : 'a browser';
  };
  /** With several credentials, each answer says whose it is (the app bar shows the one in use). */
  const named = async (answer: Response | Promise<Response>, credential: Credential) => {
    const response = await answer;
    if (credentials.list.length > 1) response.headers.set(CREDENTIAL_HEADER, credential.name);
    return response;
  };
  return {
    name: 'github',
    mount(app) {
      app.all(
        '/api/github/*',
        forAllowedOperation('github', async (c, { match, url }) => {
          const choice = credentials.choose(c.req.header(CREDENTIAL_HEADER), match.operation);
          if (!choice.ok) return gatewayError(c, choice.status, choice.message, choice.code);
          const absent = c.req.header(ABSENT_HEADER);
          // The operation's default credential shares one watch with every tab; another one is followed apart.
          const as = choice.isDefault ? undefined : choice.credential.name;
          const target = watcher && c.req.method === 'GET' ? watchTargetOf(match, url.search, as) : undefined;
          if (target && watcher) {
            const watched = await watcher.serve(
              target,
              c.req.header('if-none-match'),
              () => github.upstreamGet(`${match.path}${url.search}`, undefined, as),
              actorOf(c),
              url.origin,
            );
            return named(absentAsNull(match.operation, absent, watched), choice.credential);
          }
          const response = await github.send(c, match, choice.credential);
          if (match.operation.method !== 'GET' && response.status < 300) {
            watcher?.invalidate(stalePrefixes(match));
            if (store) {
              await recordWrite(store, match, response, actorOf(c), recorder.upstreamNow()).catch(
                (error: unknown) =>
                  console.error(
                    `[store] write not recorded: ${error instanceof Error ? error.message : String(error)}`,
                  ),
              );
            }
          }
          return named(absentAsNull(match.operation, absent, response), choice.credential);
        }),
      );
    },
  };
}
