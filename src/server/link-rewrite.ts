import { parseLinkHeader } from '@/lib/link-header';

/**
 * Rewrite an upstream `Link` header so every target is a gateway URL (`gatewayPrefix` is absolute,
 * `http://host:port/api/<upstream>`, so clients other than the browser can follow it).
 * Links that point anywhere but the configured upstream base are dropped, never passed on.
 */
export function rewriteLinkHeader(
  header: string | null,
  upstreamBase: string,
  gatewayPrefix: string,
): string | null {
  if (!header) return null;
  const base = new URL(upstreamBase.endsWith('/') ? upstreamBase : `${upstreamBase}/`);
  const parts: string[] = [];
  for (const [rel, target] of Object.entries(parseLinkHeader(header))) {
    let url: URL;
    try {
      url = new URL(target, base);
    } catch {
      continue;
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) continue;
    const rest = url.pathname.slice(base.pathname.length);
    if (rest.split('/').some((segment) => segment === '..' || segment === '.')) continue;
    parts.push(`<${gatewayPrefix}/${rest}${url.search}>; rel="${rel.replace(/[^a-z-]/g, '')}"`);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}
