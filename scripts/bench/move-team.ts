import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './context';
import type { BenchFigure, BenchRow } from './types';

/**
 * Issue 46's move on a team (move-team-child.ts): the same move of 100 of big-org's repositories on one gateway
 * process, then on three on PostgreSQL with the one sending unlocks killed; the target's write spacing, its
 * `retry-after` windows, the sources' unlocks and the move's counts read from what each GitHub was sent. On the
 * server DATABASE_URL names, or on a throw-away one started by scripts/with-postgres.sh. Part of `npm run bench --
 * move` (`partOf`); two moves of 100 take several minutes, so a bench run that names no figure leaves it out. The
 * child reports a failure as a row; it is thrown here, so the run (and a smoke run) fails.
 */
export const moveTeam: BenchFigure = {
  id: 'move-team',
  partOf: 'move',
  explicitOnly: true,
  title: 'A move on 1 vs 3 gateway processes (big-org → octo-target)',
  async run(context) {
    context.log('move-team: one gateway, then three on one PostgreSQL database, one killed during unlocks');
    const child = [
      process.execPath,
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/bench/move-team-child.ts'),
      ...(context.smoke ? ['--smoke'] : []),
    ];
    const [command, ...args] = process.env.DATABASE_URL
      ? child
      : ['bash', path.join(ROOT, 'scripts/with-postgres.sh'), ...child];
    // Its progress goes to stderr as it runs (two moves of 100 take minutes); its rows come on stdout.
    const stdout = await new Promise<string>((resolve, reject) => {
      const running = spawn(command!, args, {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        timeout: 1_800_000,
        killSignal: 'SIGKILL',
      });
      let out = '';
      running.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      running.on('error', reject);
      running.on('close', (code, signal) =>
        code === 0 ? resolve(out) : reject(new Error(`move-team-child ended (${signal ?? code})`)),
      );
    });
    const last = stdout.trim().split('\n').at(-1) ?? '[]';
    const rows = JSON.parse(last) as BenchRow[];
    const failed = rows.find((row) => row.value === 'error');
    if (failed) throw new Error(failed.how);
    return rows;
  },
};
