import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An alert receiver on loopback for tests: keeps what it is sent (headers, body) and answers with the statuses
 * it is told to, then 200.
 */
export async function startWebhookReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    statuses,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
