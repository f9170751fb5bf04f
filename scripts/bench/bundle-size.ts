import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb } from './stats';
import { verdict, type BenchFigure, type BenchRow } from './types';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const FIRST_PAGE_GOAL = 200 * 1024;
/** Heavy libraries that belong only to the pages that use them. */
const HEAVY = [/x-charts/i, /@rjsf/i, /ajv/i, /papaparse/i];

/** Every file a chunk pulls in statically (itself included), following `imports`. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

/**
 * JavaScript the browser downloads: for the first page (index.html's entry script, its modulepreloads and
 * the lazily loaded overview route the app opens on) and for each other route chunk, gzip level 9.
 */
export const bundleSize: BenchFigure = {
  id: 'bundle',
  title: 'JavaScript sent',
  async run(context) {
    const dist = await context.distDir();
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const fromHtml = [
      ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
    ].map((match) => match[1] ?? '');
    const bytes = (file: string) => readFileSync(path.join(dist, file));
    const gz = (files: Iterable<string>) =>
      [...files].reduce((total, file) => total + gzipSync(bytes(file), { level: 9 }).length, 0);
    const raw = (files: Iterable<string>) =>
      [...files].reduce((total, file) => total + bytes(file).length, 0);

    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('no entry in the Vite manifest');
    const entryFiles = new Set([...closure(manifest, entryKey)].map((key) => manifest[key]?.file ?? ''));
    for (const file of fromHtml) entryFiles.add(file);

    const routeKeys = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);
    const landing = routeKeys.find((key) => /routes\/overview/.test(key));
    const firstPage = new Set(entryFiles);
    if (landing) for (const key of closure(manifest, landing)) firstPage.add(manifest[key]?.file ?? '');
    const firstGzip = gz(firstPage);
    const heavyOnFirst = [...firstPage].filter((file) => HEAVY.some((pattern) => pattern.test(file)));
    const text = [...firstPage].map((file) => bytes(file).toString('latin1')).join('\n');
    const heavyInside = ['DataGrid', 'ChartsReferenceLine', 'rjsf', 'papaparse'].filter((marker) =>
      text.includes(marker),
    );

    const rows: BenchRow[] = [
      {
        figure: 'First page JS (gzip)',
        value: `${kb(firstGzip)} (${kb(raw(firstPage))} raw, ${firstPage.size} files)`,
        goal: '≤ 200 KB',
        verdict: verdict(firstGzip <= FIRST_PAGE_GOAL, kb(firstGzip - FIRST_PAGE_GOAL)),
        how: 'index.html entry + modulepreloads + the overview route chunk and its static imports (Vite manifest), gzip -9',
      },
      {
        figure: 'Heavy parts on the first page',
        value:
          heavyOnFirst.length + heavyInside.length === 0
            ? 'none'
            : [...heavyOnFirst, ...heavyInside].join(', '),
        goal: 'none (charts, schema forms, CSV only where used)',
        verdict: verdict(heavyOnFirst.length + heavyInside.length === 0),
        how: 'file names and contents of the first-page files searched for DataGrid, x-charts, rjsf, ajv, papaparse',
      },
    ];
    for (const key of routeKeys.sort()) {
      const files = new Set([...closure(manifest, key)].map((k) => manifest[k]?.file ?? ''));
      const extra = [...files].filter((file) => !entryFiles.has(file));
      const name = (manifest[key]?.src ?? key).replace(/^src\//, '');
      rows.push({
        figure: `${/\/routes\//.test(name) ? 'Route' : 'Lazy'} chunk ${name}`,
        value: `${kb(gz(extra))} (${extra.length} files)`,
        goal: '—',
        verdict: '—',
        how: 'what loading it adds beyond the entry: the chunk and its static imports not already loaded, gzip -9',
      });
    }
    return rows;
  },
};
