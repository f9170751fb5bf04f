import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './context';

export interface GatewayServers {
  ports: { sim: number; embedded: number; live: number; bare: number };
  sample(): Promise<{ heapUsed: number; rss: number; gc: boolean }>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Start `gateway-child.ts` in its own Node process and talk to it over IPC. */
export async function startGatewayServers(): Promise<GatewayServers> {
  const child: ChildProcess = fork(path.join(ROOT, 'scripts/bench/gateway-child.ts'), [], {
    cwd: ROOT,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const reply = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`gateway child exited (${code})`));
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await reply<{ sim: number; embedded: number; live: number; bare: number }>('ready');
  return {
    ports: { sim: ready.sim, embedded: ready.embedded, live: ready.live, bare: ready.bare },
    sample() {
      const answer = reply<{ heapUsed: number; rss: number; gc: boolean }>('sample');
      child.send({ type: 'sample' });
      return answer;
    },
    async reset() {
      const answer = reply('reset');
      child.send({ type: 'reset' });
      await answer;
    },
    stop() {
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      });
    },
  };
}
