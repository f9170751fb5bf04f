import { Agent, createServer, get, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '@/contracts/keep-alive';
import { drainable } from './http-drain';

/**
 * Node's `server.close()` ends only the connections idle at that moment: one busy then stayed open for the
 * keep-alive time (65 s), and for good while its client kept sending on it (a tab polling a move), so SIGTERM
 * never got to close the store (issue 46 item 13).
 */
let server: Server;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterEach(() => {
  agent.destroy();
  server.closeAllConnections();
  server.close();
});

async function listen(onSlow: () => void): Promise<string> {
  server = createServer((request, response) => {
    if (request.url !== '/slow') return void response.end('ok');
    onSlow();
    setTimeout(() => response.end('slow'), 300);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function ask(url: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.headers.connection));
    }).on('error', () => resolve(undefined));
  });
}

/** Resolves with `'open'` if `closing` has not settled within a generous time (it catches a hang). */
const within = (closing: Promise<void>) =>
  Promise.race([
    closing.then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('open'), 20_000)),
  ]);

describe('drainable', () => {
  it('ends a kept-alive connection busy at the stop once its answer is sent, while its client polls on', async () => {
    let arrived = () => undefined as void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    const url = await listen(() => arrived());
    const http = drainable(server);
    let polling = true;
    const slow = ask(`${url}/slow`);
    void slow.then(async () => {
      while (polling && (await ask(url))) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await slowArrived;

    const closing = http.drain();
    expect(await within(closing)).toBe('closed');
    polling = false;
    expect(await slow).toBe('close');
  });

  it('leaves a connection that never sent its request to `cut`', async () => {
    const url = await listen(() => undefined);
    const http = drainable(server);
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closing = http.drain();
    http.cut();
    expect(await within(closing)).toBe('closed');
    socket.destroy();
  });
});
