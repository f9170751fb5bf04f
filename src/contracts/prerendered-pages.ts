/**
 * Pages drawn at build time (scripts/prerender-pages.ts) and served by the gateway (src/server/prerendered-pages.ts): what
 * the two agree on. A page's HTML shows its bar, navigation, heading and empty state before any script runs;
 * the app replaces it when it starts.
 */

/** The list of pages, under the build folder. A dot folder: the gateway never serves it as a file. */
export const PRERENDERED_MANIFEST = '.prerendered/pages.json';

export interface PrerenderedPage {
  /** The route pattern, as the router and the gateway write it (`/migrations/orgs/:org/:id`). */
  path: string;
  /** The page's HTML, relative to the build folder. */
  file: string;
  /** The pattern's parameters in order, each written into the HTML as `paramToken(index)`. */
  params: string[];
}

/**
 * Stands for the route's parameter at `index` in a page drawn at build time; the gateway writes the request's
 * value, HTML-escaped, in its place. Sixteen digits: a valid migration id and repository name alike, so the
 * page draws as it would for a real one, and neither React's escaping nor a URL changes it.
 */
export function paramToken(index: number): string {
  return String(4_815_162_342_000_001 + index);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A route pattern with its parameters as tokens, in order: the address the build draws the page at. */
export function tokenPath(pattern: string): string {
  let index = 0;
  return pattern.replace(/:\w+/g, () => paramToken(index++));
}

/** What the loading line says when the app's code cannot arrive (src/main.tsx and the code loader). */
export const CODE_FAILED_MESSAGE =
  'Ferry could not load its code. Check the connection, then reload the page.';

/**
 * The only inline script Ferry sends (the gateway's CSP allows exactly this text, by its hash). Pages are
 * drawn in the light scheme; when the user's scheme is dark (chosen in the theme menu, kept by MUI under
 * `mui-mode`, or the system's), it removes the drawing before the first paint, leaving the plain loading
 * line, so a dark screen never flashes white.
 */
export const SCHEME_GUARD_SCRIPT =
  "try{var m=localStorage.getItem('mui-mode');if(m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.getElementById('prerendered').remove()}catch(e){}";

/** The id of the JSON list of script and preload tags that `CODE_LOADER_SCRIPT` adds. */
export const CODE_LIST_ID = 'ferry-code';

/**
 * The other inline script (allowed by its hash too): a drawn page asks for its code after its first paint,
 * from the list under `CODE_LIST_ID`, so the page shows before ~200 KB of script compete with it; a frame
 * later than the HTML would have asked. A hidden tab paints nothing, hence the timer. A script that cannot
 * arrive takes the drawing away (its buttons would never answer) and the loading line says so, as
 * `src/main.tsx` does for the chunks it imports.
 */
export const CODE_LOADER_SCRIPT = `(function(){var d=document,l=JSON.parse(d.getElementById('ferry-code').textContent),s=0;function fail(){var p=d.getElementById('prerendered'),t=d.querySelector('#root>[role=status]');if(p)p.remove();if(t)t.textContent=${JSON.stringify(CODE_FAILED_MESSAGE)}}function go(){if(s)return;s=1;l.forEach(function(t){var e=d.createElement(t[0]);for(var k in t[1])e.setAttribute(k,t[1][k]);if(t[0]==='script')e.onerror=fail;d.head.appendChild(e)})}requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,500)})()`;
