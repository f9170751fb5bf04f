import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The kernel's ephemeral range (outgoing connections and `listen(0)` take their ports from it). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high && low > 1024) return [low, high];
  } catch {
    // not Linux: the IANA range
  }
  return [49152, 65535];
}

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: taken } = server.address() as { port: number };
      server.close(() => resolve(taken));
    });
  });
}

/**
 * A loopback port nothing listens on right now (taken and released), for a process a test starts. Picked at
 * random below the ephemeral range: a port from `listen(0)` could be taken as the source port of any outgoing
 * connection (Chromium's, a gateway's) before the child binds it, which failed a team test with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const floor = Math.min(10_000, low - 1_000);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = floor + Math.floor(Math.random() * (low - floor));
    const port = await tryListen(candidate);
    if (port !== undefined) return port;
  }
  const port = await tryListen(0);
  if (port === undefined) throw new Error('no free loopback port');
  return port;
}
