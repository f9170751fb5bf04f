import { defaultCredential } from '@/contracts/credentials';
import type { GatewayConfig } from '@/server/config';
import { createCredentials, type Credential } from '@/server/credentials/credentials';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { jsonBounds } from '@/server/outbound/bounds';
import type { SecretRegistry } from '@/server/secret-registry';
import { tokenKindOf } from '../token-checks';
import { IdentityInputError } from './identity-input-error';

/**
 * The target credential an identity call uses: the one named, else the first classic token (mannequins and
 * invitations need a classic PAT of an organization owner with `admin:org`), else the first configured — then
 * GitHub's own refusal says why. The same rule as the move preview's (`mover.ts`).
 */
export function targetCredentials(config: GatewayConfig, fetch: UpstreamFetch, secrets?: SecretRegistry) {
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
      throw new IdentityInputError(
        'No target credential is configured: set TARGET_GITHUB_TOKEN (a classic token of an organization owner).',
      );
    if (asked !== undefined) {
      const found = list.find((credential) => credential.name === asked);
      if (!found)
        throw new IdentityInputError('No target credential of that name is configured on this gateway.');
      return found;
    }
    const classic = list.filter((credential) => kinds.get(credential.name) === 'classic');
    return defaultCredential(classic, {}) ?? (list[0] as Credential);
  };
}
