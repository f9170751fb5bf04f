import { Agent, request } from 'node:http';

export interface LoadResult {
  latenciesMs: number[];
  errors: number;
  statuses: Record<number, number>;
  elapsedMs: number;
}

export interface LoadOptions {
  port: number;
  /** Request paths, used round-robin. */
  paths: readonly string[];
  headers?: Record<string, string>;
  total: number;
  concurrency: number;
}

/**
 * A tiny closed-loop load generator: `concurrency` workers on keep-alive sockets to 127.0.0.1, each sending
 * its next request as soon as the previous answer has been read, until `total` requests are done.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latenciesMs: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let next = 0;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const req = request(
        { host: '127.0.0.1', port: options.port, path, agent, headers: options.headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            latenciesMs.push(Number(process.hrtime.bigint() - started) / 1e6);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (next < options.total) {
      const index = next;
      next += 1;
      await one(options.paths[index % options.paths.length] ?? '/');
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { latenciesMs, errors, statuses, elapsedMs };
}
