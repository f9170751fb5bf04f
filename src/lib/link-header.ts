/** Parse an RFC 8288 `Link` header into rel → URL. Unknown or malformed parts are skipped. */
export function parseLinkHeader(header: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,(?=\s*<)/)) {
    // Parameters may hold commas only inside quotes: an unquoted comma means a malformed next part was
    // swallowed (the split only happens before `<`), so the whole part is skipped rather than misread.
    // No `\s*` after `;`: parameter characters already include whitespace, and letting two quantifiers
    // share it made a long non-matching header backtrack exponentially.
    const match = /^\s*<([^<>]*)>\s*((?:;(?:[^;",]|"[^"]*")+)*)$/.exec(part);
    if (!match) continue;
    const [, url, params] = match;
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(params ?? '')?.[1];
    if (url === undefined || !rel) continue;
    for (const name of rel.trim().split(/\s+/)) links[name.toLowerCase()] = url;
  }
  return links;
}

/** The page number a pagination link points at, or undefined. */
export function pageOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  let page: number;
  try {
    page = Number(new URL(url, 'http://x.invalid').searchParams.get('page'));
  } catch {
    return undefined; // not a URL at all
  }
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

/**
 * A link target as a path on this origin under `prefix` (the gateway writes absolute links on its own origin),
 * or undefined for anything elsewhere: the page never links to a host the gateway did not vouch for.
 */
export function sameOriginPath(
  url: string | undefined,
  prefix: string,
  origin: string = typeof location === 'undefined' ? 'http://localhost' : location.origin,
): string | undefined {
  if (!url) return undefined;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (target.origin !== origin || !target.pathname.startsWith(prefix)) return undefined;
  return `${target.pathname}${target.search}`;
}
