import type { StoredTarget } from '../store/alerts';

/**
 * What of an alert target is a credential: a webhook's HMAC secret and any query value of its URL (a token a
 * receiver asked for); for Slack the URL itself (its last segment is the channel's password).
 */
export function secretsOfTarget(target: Pick<StoredTarget, 'kind' | 'url' | 'secret'>): string[] {
  let url: URL | undefined;
  try {
    url = new URL(target.url);
  } catch {
    return target.secret ? [target.secret] : [];
  }
  const query = [...url.searchParams.values()];
  if (target.kind === 'slack') {
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    return [target.url, ...(last ? [last] : []), ...query];
  }
  return [...(target.secret ? [target.secret] : []), ...query];
}

const MASK = '••••';

/**
 * A receiver URL as it may be shown: recognisable, never usable. Slack's `services/T…/B…/<secret>` keeps the
 * workspace and channel ids' first letter and masks the rest; any query value is masked.
 */
export function shownReceiverUrl(kind: string, given: string): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return MASK;
  }
  const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${MASK}`).join('&');
  const origin = `${url.protocol}//${url.host}`;
  if (kind === 'slack') {
    const segments = url.pathname.split('/').filter(Boolean);
    const shown = segments.map((segment, index) =>
      index === 0 ? segment : index === segments.length - 1 ? MASK : `${segment.slice(0, 1)}…`,
    );
    return `${origin}/${shown.join('/')}${query ? `?${query}` : ''}`;
  }
  return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
}
