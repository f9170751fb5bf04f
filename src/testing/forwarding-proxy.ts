import type { IncomingMessage, Server } from 'node:http';

/**
 * The parts of the suites' small forwarding proxies (a storage or GitHub that holds, drops or counts what passes):
 * the request's body whole, the headers passed on either way, and a loopback port of its own.
 */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The client's headers as the proxy sends them on (the hop's own are its fetch's). */
export function forwardedHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
      headers.set(name, value);
  return headers;
}

/** The upstream's headers as the proxy answers with them (the body is sent decoded and whole). */
export function answerHeaders(answer: Response): Record<string, string> {
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-encoding', 'transfer-encoding', 'content-length', 'connection'].includes(name))
      out[name] = value;
  });
  return out;
}

/** Listen on a free loopback port; the proxy's URL once it does. */
export function listenOnLoopback(server: Server): Promise<{ url: string; server: Server }> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, server });
    });
  });
}
