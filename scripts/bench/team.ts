import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './context';
import type { BenchFigure, BenchRow } from './types';

const run = promisify(execFile);

/**
 * A team of gateway processes on PostgreSQL (team-child.ts): on the server DATABASE_URL names, or on a throw-away
 * one started by scripts/with-postgres.sh (installed from Debian's packages when missing). The child reports a
 * failure as a row; it is thrown here, so the run (and a smoke run) fails.
 */
export const team: BenchFigure = {
  id: 'team',
  title: 'A team of gateways on PostgreSQL',
  async run(context) {
    context.log('team: three gateway processes on one PostgreSQL database');
    const child = [
      process.execPath,
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/bench/team-child.ts'),
      ...(context.smoke ? ['--smoke'] : []),
    ];
    const [command, ...args] = process.env.DATABASE_URL
      ? child
      : ['bash', path.join(ROOT, 'scripts/with-postgres.sh'), ...child];
    const { stdout } = await run(command!, args, {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 900_000,
    });
    const last = stdout.trim().split('\n').at(-1) ?? '[]';
    const rows = JSON.parse(last) as BenchRow[];
    const failed = rows.find((row) => row.value === 'error');
    if (failed) throw new Error(failed.how);
    return rows;
  },
};
