import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** Refuses callers that are not on this machine (the control interface must never be reachable remotely). */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  if (!isLoopbackAddress(address))
    return c.json({ error: 'The control interface answers loopback callers only.' }, 403);
  await next();
};
