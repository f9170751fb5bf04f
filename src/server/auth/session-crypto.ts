import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A random value for a cookie, a state or a PKCE verifier: 256 bits, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the store keeps of a cookie's value: its SHA-256 (a copy of the store opens no session). */
export const keyOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** PKCE S256: the verifier's SHA-256, base64url. */
export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const keyFor = (sessionId: string) =>
  Buffer.from(hkdfSync('sha256', sessionId, 'ferry-session', 'github-token', 32));

/**
 * The person's GitHub token sealed with a key only the session's cookie gives (AES-256-GCM): the store alone
 * cannot use it, and it is gone with the session.
 */
export function sealToken(sessionId: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionId), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openToken(sessionId: string, sealed: string): string | undefined {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(sessionId), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A path of Ferry's own to go back to after sign-in: never another origin (`//host`, `/\\host`, a scheme). */
export function ownPath(value: string | undefined): string {
  if (!value || value.length > 2_000 || !value.startsWith('/') || /^\/[/\\]/.test(value)) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value.startsWith('/auth/') ? '/' : value;
}
