// Loaded into the measured gateway with `--expose-gc --import` (bench only): on SIGUSR2 it collects garbage
// twice and writes the live heap to FERRY_HEAP_PROBE_FILE, so the bench reads what is retained, not what V8
// has not collected yet.
import { writeFileSync } from 'node:fs';
import { setTimeout as wait } from 'node:timers/promises';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';

const file = process.env.FERRY_HEAP_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', async () => {
    globalThis.gc();
    // Finalizers (FinalizationRegistry: undici's and AbortSignal's clean-up of dependent signals) run after a
    // collection, in a later task; what they release is only gone after the next one.
    await wait(200);
    globalThis.gc();
    globalThis.gc();
    const { heapUsed, rss } = process.memoryUsage();
    // Per space: compiled code (code_space) grows as V8 optimises hot paths; data lives in old_space.
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    );
    // FERRY_HEAP_SNAPSHOT_DIR (by hand, when looking for what is retained): a snapshot at every probe.
    const snapshots = process.env.FERRY_HEAP_SNAPSHOT_DIR;
    if (snapshots) writeHeapSnapshot(`${snapshots}/probe-${Date.now()}.heapsnapshot`);
    writeFileSync(file, JSON.stringify({ heapUsed, rss, spaces, at: Date.now() }));
  });
}
