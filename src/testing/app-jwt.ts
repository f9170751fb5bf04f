import { createPrivateKey, sign } from 'node:crypto';
import { SIM_APP, SIM_APP_PRIVATE_KEY } from '@/simulator/github/apps';

/** An App's JWT as GitHub wants it (RS256; by default the simulated App's, valid for nine minutes). */
export function appJwt(claims: Record<string, unknown> = {}, key: string = SIM_APP_PRIVATE_KEY): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: SIM_APP.id, iat: now - 30, exp: now + 540, ...claims })}`;
  return `${head}.${sign('sha256', Buffer.from(head), createPrivateKey(key)).toString('base64url')}`;
}
