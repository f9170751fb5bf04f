import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { isDroppedConnectionFault } from './apply-fault';

/**
 * Answer through `fetch` (the simulator's) on a real socket: a `drop` fault destroys the socket, so the
 * client sees the connection close with no answer at all, as when a proxy or load balancer gives up.
 */
export async function answerOrDrop(
  c: Context<{ Bindings: HttpBindings }>,
  fetch: (request: Request) => Promise<Response>,
): Promise<Response> {
  try {
    return await fetch(c.req.raw);
  } catch (error) {
    if (!isDroppedConnectionFault(error)) throw error;
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 502 });
  }
}
