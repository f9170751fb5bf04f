import type { Duplex } from 'node:stream';
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
