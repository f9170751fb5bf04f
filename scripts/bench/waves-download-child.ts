import { rm } from 'node:fs/promises';
import path from 'node:path';
import { handedUrlCheck } from '@/server/outbound/handed-url';
import { downloadArchive } from '@/server/waves/downloader';
import { verifyArchive } from '@/server/waves/verifier';
import { simulatorOutbound } from '@/testing/simulator-outbound';

/**
 * Child process of the wave download figure: downloads `count` archives from `url`, two at a time as the
 * runner does, verifying each (streaming), and samples its own RSS every 50 ms. Only this process is measured.
 */
const [url = '', folder = '', countText = '20', reposText = ''] = process.argv.slice(2);
const count = Number(countText);
const repos = reposText.split(',');
const gc = (globalThis as { gc?: () => void }).gc;

// Warm up: load fetch (undici is loaded lazily, tens of MB) with a one-byte request, so the baseline is the
// process ready to download and the growth is what downloading costs.
await (await fetch(url, { headers: { range: 'bytes=0-0' } })).arrayBuffer();
gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);

/** RSS after the first two archives and at the end: flat means the second is not above the first. */
let afterFirst = 0;
let next = 0;
let bytes = 0;
const started = performance.now();
async function worker() {
  while (next < count) {
    const index = next++;
    const file = path.join(folder, `archive-${index}.tar.gz`);
    const result = await downloadArchive({
      url,
      // The bench's own server, taken as a configured storage origin is.
      check: handedUrlCheck({ origins: [new URL(url).origin], hosts: [] }),
      file,
      fetch: (request) => fetch(request),
      bounds: simulatorOutbound().storageBounds,
    });
    const verification = await verifyArchive(file, repos);
    if (!verification.ok) throw new Error(verification.message);
    bytes += result.bytes;
    await rm(file);
    if (index === 1) afterFirst = process.memoryUsage().rss;
  }
}
await Promise.all([worker(), worker()]);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const end = process.memoryUsage().rss;
process.stdout.write(JSON.stringify({ baseline, peak, bytes, seconds, afterFirst, end }));
