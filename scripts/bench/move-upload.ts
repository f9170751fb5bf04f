import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './context';
import { mb } from './stats';
import { verdict, type BenchFigure, type BenchRow } from './types';

/**
 * Archives into GitHub-owned storage as a move sends them: `uploadArchive` (src/server/moves/gei/) in a child
 * process (move-upload-child.ts, the one measured), the standalone simulator (`npm run simulator`) in another,
 * its target answering over loopback HTTP.
 */
const MB = 1_000_000;
const run = promisify(execFile);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `bytes` of incompressible data, written once (AES-CTR of zeros: fast and never compressible). */
async function writeArchiveFile(file: string, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 3), Buffer.alloc(16));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!out.write(cipher.update(left >= chunk.length ? chunk : chunk.subarray(0, left))))
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function startStandaloneSimulator(): Promise<{ child: ChildProcess; target: string }> {
  const [port, storagePort, targetPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      SIM_PORT: String(port),
      SIM_STORAGE_PORT: String(storagePort),
      SIM_TARGET_PORT: String(targetPort),
      SIM_SCENARIO: 'quiet',
      SIM_SPEED: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`simulator exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ferry simulator listening')) resolve();
    });
  });
  return { child, target: `http://127.0.0.1:${targetPort}` };
}

interface ChildFigures {
  baseline: number;
  peak: number;
  end: number;
  bytes: number;
  seconds: number;
  curl: { count: number; seconds: number };
}

export const moveUpload: BenchFigure = {
  id: 'move-upload',
  title: 'Move: archive uploads to GitHub-owned storage',
  async run(context) {
    const uploads = context.size(20, 2);
    const bytes = context.size(100 * MB, 2 * MB);
    const partSize = context.size(16 * 1024 * 1024, 512 * 1024);
    const folder = await mkdtemp(path.join(tmpdir(), 'ferry-bench-upload-'));
    const file = path.join(folder, 'archive.tar.gz');
    await writeArchiveFile(file, bytes);
    const { child, target } = await startStandaloneSimulator();
    const rows: BenchRow[] = [];
    try {
      for (const [label, partBytes, count] of [
        ['one POST each (≤ 100 MiB, as gh-gei)', 0, uploads],
        [`multipart, ${partSize / 1024 / 1024} MiB parts`, partSize, Math.max(1, Math.round(uploads / 4))],
      ] as const) {
        context.log(`move-upload: ${count} × ${mb(bytes)}, ${label}, in a child process`);
        const { stdout } = await run(
          process.execPath,
          [
            '--expose-gc',
            '--import',
            'tsx',
            path.join(ROOT, 'scripts/bench/move-upload-child.ts'),
            target,
            file,
            String(count),
            String(partBytes),
            partBytes === 0 ? '4' : '0',
          ],
          { cwd: ROOT, maxBuffer: 1024 * 1024 },
        );
        const figures = JSON.parse(stdout) as ChildFigures;
        const rate = figures.bytes / MB / figures.seconds;
        const growth = figures.peak - figures.baseline;
        const size = `${count} × ${(bytes / MB).toFixed(0)} MB`;
        rows.push(
          {
            figure: `Move upload, ${size}, ${label}: throughput`,
            value: `${rate.toFixed(0)} MB/s (${figures.seconds.toFixed(1)} s)`,
            goal: '≥ 100 MB/s',
            verdict: verdict(rate >= 100, `${(100 - rate).toFixed(0)} MB/s`),
            how: 'uploadArchive in a child process streaming the file from disk over loopback HTTP to the standalone simulator’s target (a third process); time of the uploads only',
          },
          {
            figure: `Move upload, ${size}, ${label}: uploader RSS`,
            value: `${mb(figures.baseline)} → ${mb(figures.end)} after GC; peak +${mb(growth)}`,
            goal: 'flat within 50 MB (start → end)',
            verdict: verdict(
              Math.abs(figures.end - figures.baseline) <= 50 * 1024 * 1024,
              mb(Math.abs(figures.end - figures.baseline) - 50 * 1024 * 1024),
            ),
            how: 'resident set of the uploading child (fetch warmed up) after a full GC at start and end, and its peak sampled every 50 ms; each part is pulled from disk 1 MiB at a time and the request keeps none of it (redirect: error, nodejs/undici#4058)',
          },
        );
        if (figures.curl.count > 0) {
          const curlRate = (figures.curl.count * bytes) / MB / figures.curl.seconds;
          rows.push({
            figure: `Move upload reference: ${figures.curl.count} × ${(bytes / MB).toFixed(0)} MB by curl --data-binary`,
            value: `${curlRate.toFixed(0)} MB/s (${figures.curl.seconds.toFixed(1)} s)`,
            goal: '—',
            verdict: '—',
            how: 'the same file, target and route from curl, after every fourth upload above: what this machine and the simulator’s receiving side allow under the same load',
          });
        }
      }
      return rows;
    } finally {
      child.kill('SIGTERM');
      await rm(folder, { recursive: true, force: true });
    }
  },
};
