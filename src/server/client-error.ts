import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { SECURITY_HEADERS } from './security';

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * Node answers a request it cannot parse itself, before Ferry sees it, with a bare
 * `400 Bad Request` and no headers. This `clientError` listener gives that answer the same security
 * headers and JSON error shape as every other one, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] = ANSWERS[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({ message: 'Malformed HTTP request.', code: 'BAD_REQUEST', source: 'gateway' });
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${body}`);
}

/**
 * The other early answer: a request Node parsed but @hono/node-server cannot turn into a `Request` (a
 * backslash in the path, an invalid Host or URL) never reaches the app, and the adapter answers a bare 400.
 * As the listener's `errorHandler` (`serverAnsweringUnparsed`), this gives it the security headers and the JSON error of every other
 * answer. Errors of the app itself are handled by its `onError`; anything else arriving here is a 500 of the
 * same shape.
 */
export function answerUnparsedRequest(error: unknown): Response {
  const unparsed = error instanceof Error && error.name === 'RequestError';
  const body = unparsed
    ? { message: 'Malformed HTTP request.', code: 'BAD_REQUEST', source: 'gateway' }
    : { message: 'Ferry’s server failed unexpectedly.', code: 'INTERNAL', source: 'gateway' };
  return Response.json(body, {
    status: unparsed ? 400 : 500,
    headers: { ...SECURITY_HEADERS, 'cache-control': 'no-store', connection: 'close' },
  });
}

type FetchCallback = Parameters<typeof getRequestListener>[0];

/**
 * For `serve({ createServer })`: `serve` does not hand an `errorHandler` to the listener it makes, so the
 * server is made here: Node's HTTP server with the adapter's listener and `answerUnparsedRequest`.
 */
export function serverAnsweringUnparsed(fetch: FetchCallback, hostname?: string): typeof createServer {
  const listener = getRequestListener(fetch, { hostname, errorHandler: answerUnparsedRequest });
  // The adapter's listener handles its own failures; Node only needs it called.
  const handle = (request: IncomingMessage, response: ServerResponse) => void listener(request, response);
  return ((options?: ServerOptions) => createServer(options ?? {}, handle)) as typeof createServer;
}
