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
