import { createIdentities } from '@/server/moves/identities/identities';
import { createImportAuthorReader } from '@/server/moves/identities/import-authors';
import { createIdentityRoutes } from '@/server/moves/identities/routes';
import { sessionOf } from '@/server/auth/write-access';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/**
 * `/api/identities/*`: a move target's mannequins, the map to its members (kept in the store as drafts), the
 * reclaim CSV gh gei reads and attribution invitations sent from Ferry (issue 36).
 */
export function identitiesArea({
  config,
  upstreams,
  secrets,
  storeAccess,
  archiveDir,
  github,
  limits,
}: GatewayServices): Area {
  return {
    name: 'identities',
    mount(app) {
      const identities = createIdentities({
        config,
        fetchTarget: upstreams.target,
        secrets,
        limits,
        ...(storeAccess ? { store: storeAccess } : {}),
        ...(archiveDir ? { archiveDir } : {}),
        // Through the gateway's own GitHub forwarding: the source's credential, rate records and bounds.
        importAuthors: createImportAuthorReader({ get: (path) => github.upstreamGet(path) }),
      });
      app.route(
        '/api/identities',
        createIdentityRoutes(identities, {
          mayMap: async (c, target) => {
            const session = sessionOf(c);
            if (session?.role !== 'self-service') return undefined;
            const moves = storeAccess ? await (await storeAccess()).moves.list() : [];
            const theirs = moves.some(
              (move) =>
                move.startedBy?.login === session.login &&
                move.target.login.toLowerCase() === target.toLowerCase(),
            );
            return theirs
              ? undefined
              : `None of your moves went to ${target}: the self-service role maps the identities of its own moves’ targets only.`;
          },
        }),
      );
    },
  };
}
