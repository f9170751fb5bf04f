import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import {
  CODE_LIST_ID,
  CODE_LOADER_SCRIPT,
  escapeHtml,
  PRERENDERED_MANIFEST,
  SCHEME_GUARD_SCRIPT,
  tokenPath,
  type PrerenderedPage,
} from '../src/contracts/prerendered-pages.ts';

/** Where index.html's boot markup ends: the drawn page goes after the loading line, inside #root. */
const BOOT_STATUS = /(<p class="boot-main" role="status">[^<]*<\/p>)/;
/** index.html's own title (the app's name), which each drawn page replaces with its own. */
const TITLE = /<title>[^<]*<\/title>/;

interface DrawnMarkup {
  html: string;
  styles: string;
  /** The page's own `<title>` text (the gateway fills any parameter token in it, escaped, like the body's). */
  title: string;
}

interface PrerenderModule {
  prerenderPage(url: string): Promise<DrawnMarkup>;
  PAGE_ROUTES: readonly { path: string; module: string }[];
}

/**
 * After the browser build: draws every page with the app's own components (src/app/prerender.tsx, loaded
 * through Vite's SSR loader) and writes one HTML file per page next to index.html, with the page's styles in
 * its head, plus a manifest the gateway reads. On a phone the first paint then shows the page itself, not a
 * loading line, while ~200 KB of script arrive (Lighthouse's largest paint was that script's download).
 */
export function prerenderPages(root: string): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'ferry-prerender-pages',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const outDir = path.resolve(root, config.build.outDir);
      const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const pages = await drawPages(root);
      mkdirSync(path.join(outDir, path.dirname(PRERENDERED_MANIFEST)), { recursive: true });
      const manifest: PrerenderedPage[] = [];
      for (const page of pages) {
        const file = `${path.dirname(PRERENDERED_MANIFEST)}/${page.module}.html`;
        writeFileSync(path.join(outDir, file), pageHtml(indexHtml, page.markup));
        manifest.push({ path: page.path, file, params: page.params });
      }
      writeFileSync(path.join(outDir, PRERENDERED_MANIFEST), JSON.stringify(manifest, null, 2));
    },
  };
}

interface DrawnPage {
  path: string;
  module: string;
  params: string[];
  markup: DrawnMarkup;
}

async function drawPages(root: string): Promise<DrawnPage[]> {
  // Vite's dev server sets NODE_ENV for its own run; the pages must be drawn as the production build runs.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: { '@': path.join(root, 'src') } },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
    const drawn: DrawnPage[] = [];
    for (const route of module.PAGE_ROUTES) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      const url = `http://ferry.invalid${tokenPath(route.path)}`;
      drawn.push({ ...route, params, markup: await module.prerenderPage(url) });
    }
    return drawn;
  } finally {
    await server.close();
    process.env.NODE_ENV = nodeEnv;
  }
}

const CODE_TAG = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
const ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;

/** A tag as `[name, attributes]`, the shape CODE_LOADER_SCRIPT reads. */
function tagOf(html: string): [string, Record<string, string>] {
  const [, name = '', rest = ''] = /^<(\w+)\s([^>]*?)\/?>/.exec(html.trim()) ?? [];
  const attributes: Record<string, string> = {};
  for (const [, key = '', value = ''] of rest.matchAll(ATTRIBUTE)) attributes[key] = value;
  return [name, attributes];
}

/**
 * index.html with the page's own title, the drawn page inside #root (inert until the app replaces it), its styles in the head, and
 * the head's scripts and module preloads moved into a list that CODE_LOADER_SCRIPT adds after the first paint.
 */
export function pageHtml(indexHtml: string, markup: DrawnMarkup): string {
  if (!BOOT_STATUS.test(indexHtml)) throw new Error('index.html lost its boot status line');
  if (!TITLE.test(indexHtml)) throw new Error('index.html has no <title> to name the page in');
  const tags = [...indexHtml.matchAll(CODE_TAG)].map((match) => tagOf(match[0]));
  if (tags.length === 0) throw new Error('index.html has no module scripts to load');
  const list = JSON.stringify(tags).replace(/</g, '\\u003c');
  const drawn = `<div id="prerendered" inert>${markup.html}</div><script>${SCHEME_GUARD_SCRIPT}</script>`;
  const loader = `<script type="application/json" id="${CODE_LIST_ID}">${list}</script><script>${CODE_LOADER_SCRIPT}</script>`;
  return indexHtml
    .replace(CODE_TAG, '')
    .replace(TITLE, () => `<title>${escapeHtml(markup.title)}</title>`)
    .replace('</head>', () => `${markup.styles}</head>`)
    .replace(BOOT_STATUS, (status: string) => `${status}${drawn}`)
    .replace('</body>', () => `${loader}</body>`);
}
