import { createIdentities } from '@/server/moves/identities/identities';
import { createImportAuthorReader } from '@/server/moves/identities/import-authors';
import { createIdentityRoutes } from '@/server/moves/identities/routes';
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
      app.route('/api/identities', createIdentityRoutes(identities));
    },
  };
}
