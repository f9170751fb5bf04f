// Loaded into the measured gateway with `--expose-gc --import` (bench only): on SIGUSR2 it collects garbage
// twice and writes the live heap to FERRY_HEAP_PROBE_FILE, so the bench reads what is retained, not what V8
// has not collected yet.
import { writeFileSync } from 'node:fs';

const file = process.env.FERRY_HEAP_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const { heapUsed, rss } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ heapUsed, rss, at: Date.now() }));
  });
}
