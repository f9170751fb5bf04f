import { githubOperation } from '@/contracts/github/operations';
import { defaultCredential } from '@/contracts/credentials';
import { upstreamClockRate, type GatewayConfig } from '../config';
import type { AccountGate } from '../credentials/account-limits';
import type { Credential, Credentials } from '../credentials/credentials';

import type { UpstreamFetch } from '../outbound/bounded-fetch';
import { jsonBounds } from '../outbound/bounds';
import { createGithubClient, type GithubClient } from '../waves/github-client';
import { WaveInputError } from '../waves/wave-input-error';

/**
 * The wave runner's GitHub clients: the first credential that may export by default, one client per named
 * credential (each has its own ETags; tokens of one user share their budget, and their write spacing across
 * the team through `gate`).
 */
export function waveClients(
  config: GatewayConfig,
  credentials: Credentials,
  fetchGithub: UpstreamFetch,
  gate: (credential: string) => AccountGate,
) {
  const exportOperation = githubOperation('migrations/start-for-org');
  const clientOf = (credential: Credential | undefined) =>
    createGithubClient({
      baseUrl: config.github.baseUrl,
      authorization: credential ? () => credential.authorization() : undefined,
      apiVersion: config.github.apiVersion,
      fetch: fetchGithub,
      bounds: jsonBounds(config, true),
      gate: credential ? gate(credential.name) : undefined,
      clockRate: upstreamClockRate(config, 'github'),
    });
  const made = new Map<string, GithubClient>();
  return {
    client: clientOf(defaultCredential(credentials.list, exportOperation)),
    clientFor(name: string): GithubClient {
      const choice = credentials.choose(name, exportOperation);
      if (!choice.ok) throw new WaveInputError(choice.message);
      const client = made.get(name) ?? clientOf(choice.credential);
      made.set(name, client);
      return client;
    },
  };
}
