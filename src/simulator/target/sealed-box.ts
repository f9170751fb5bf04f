import sodium from 'libsodium-wrappers';
import { actionsKeyPair } from '../github/inventory/rest-bodies';
import { findImported } from './routes/guard';
import type { ImportedRepo } from './state';
import type { TargetWorld } from './world';

/**
 * Actions secrets as GitHub takes them: a libsodium sealed box (X25519 + XSalsa20-Poly1305) of the value under the
 * repository's public key. Each imported repository has its own Curve25519 key pair, derived from its id the
 * way the source derives its own (`actionsKeyPair`), so a saved world needs to keep no private key.
 */
export function repositoryKeyPair(repo: Pick<ImportedRepo, 'databaseId'>) {
  const { privateKey, body } = actionsKeyPair({ id: repo.databaseId });
  const raw = privateKey.export({ format: 'jwk' }).d ?? '';
  return {
    keyId: body.key_id,
    publicKey: Buffer.from(body.key, 'base64'),
    secretKey: Buffer.from(raw, 'base64url'),
    body,
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The value a sealed box (base64) holds for the repository, or undefined when it does not open. */
export async function openSealed(
  encryptedValue: string,
  repo: Pick<ImportedRepo, 'databaseId'>,
): Promise<Buffer | undefined> {
  if (!BASE64.test(encryptedValue)) return undefined;
  const sealed = Buffer.from(encryptedValue, 'base64');
  // A sealed box is the ephemeral public key (32 bytes) and the MAC (16) before any content.
  if (sealed.length < sodium.crypto_box_SEALBYTES) return undefined;
  await sodium.ready;
  const pair = repositoryKeyPair(repo);
  try {
    return Buffer.from(sodium.crypto_box_seal_open(sealed, pair.publicKey, pair.secretKey));
  } catch {
    return undefined;
  }
}

/**
 * Test only: the decrypted value of a repository's secret, so a test can prove the value arrived. No route answers
 * it; the world keeps only the sealed box, as GitHub does.
 */
export async function secretValueForTests(
  world: TargetWorld,
  repository: string,
  name: string,
): Promise<string | undefined> {
  const found = findImported(world, world.state().org.login, repository);
  const secret = found?.resources.secrets.find((candidate) => candidate.name === name.toUpperCase());
  if (!found || !secret) return undefined;
  return (await openSealed(secret.encryptedValue, found.repo))?.toString('utf8');
}
