import { defaultCredential } from '@/contracts/credentials';
import type { GatewayConfig } from '@/server/config';
import { createCredentials, type Credential } from '@/server/credentials/credentials';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { jsonBounds } from '@/server/outbound/bounds';
import type { SecretRegistry } from '@/server/secret-registry';
import { tokenKindOf } from './token-checks';

/**
 * The target credential a move or an identity call uses: the one named, else the first classic token (GEI and
 * the mannequin mutations take classic PATs only), else the first configured — then GitHub's own refusal says why.
 * `refuse` makes the caller's input error (a 422 at its routes).
 */
export function targetCredentials(
  config: GatewayConfig,
  fetch: UpstreamFetch,
  refuse: (message: string) => Error,
  secrets?: SecretRegistry,
) {
  const credentials = createCredentials(config.target.credentials, {
    secrets,
    baseUrl: config.target.baseUrl,
    apiVersion: config.github.apiVersion,
    fetch,
    bounds: jsonBounds(config),
  });
  const kinds = new Map(config.target.credentials.map((entry) => [entry.name, tokenKindOf(entry)]));
  return (asked: string | undefined): Credential => {
    const list = credentials.list;
    if (list.length === 0)
      throw refuse(
        'No target credential is configured: set TARGET_GITHUB_TOKEN (a classic personal access token).',
      );
    if (asked !== undefined) {
      const found = list.find((credential) => credential.name === asked);
      if (!found) throw refuse('No target credential of that name is configured on this gateway.');
      return found;
    }
    const classic = list.filter((credential) => kinds.get(credential.name) === 'classic');
    return defaultCredential(classic, {}) ?? (list[0] as Credential);
  };
}
