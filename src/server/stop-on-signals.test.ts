import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { stopOnSignals, type StopSteps } from './stop-on-signals';

/** SIGTERM and SIGINT stop the gateway in order within a bound; a second signal or the bound passed ends it. */
let server: Server;
afterEach(() => {
  server.closeAllConnections();
  server.close();
});

async function stopping(steps: StopSteps, boundMs = 60_000) {
  server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const signals = new EventEmitter();
  const lines: string[] = [];
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  stopOnSignals(server, steps, {
    graceMs: 5_000,
    boundMs,
    log: (line) => lines.push(line),
    exit: (code) => exited(code),
    signals,
  });
  return { signals, exit, lines };
}

const never = () => new Promise<void>(() => undefined);

describe('stopOnSignals', () => {
  it('SIGTERM: the gateway stops with the grace, then the store closes, and the exit code is 0', async () => {
    const order: string[] = [];
    const { signals, exit } = await stopping({
      stopGateway: (graceMs) => Promise.resolve(void order.push(`gateway, ${graceMs} ms`)),
      closeStore: () => Promise.resolve(void order.push('store')),
    });
    signals.emit('SIGTERM');
    expect(await exit).toBe(0);
    expect(order).toEqual(['gateway, 5000 ms', 'store']);
    expect(server.listening).toBe(false);
  });

  it('a second signal exits at once, with code 1', async () => {
    const { signals, exit, lines } = await stopping({ stopGateway: never, closeStore: never });
    signals.emit('SIGINT');
    signals.emit('SIGINT');
    expect(await exit).toBe(1);
    expect(lines.at(-1)).toBe('SIGINT again: exiting at once');
  });

  it('a stop that outlasts its bound exits anyway, with code 1', async () => {
    const { signals, exit, lines } = await stopping({ stopGateway: never, closeStore: never }, 100);
    signals.emit('SIGTERM');
    expect(await exit).toBe(1);
    expect(lines.at(-1)).toBe('not stopped within 0.1 s: exiting');
  });
});
