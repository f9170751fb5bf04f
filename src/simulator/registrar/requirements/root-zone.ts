import { createRequire } from 'node:module';
import { domainToASCII } from 'node:url';

/**
 * The TLDs of IANA's root zone, from the maintained `tlds` package (updated from IANA's list), in the ASCII form
 * the registrar's paths use (IDNs as `xn--…`). `arpa` is infrastructure, never sold.
 */
const NOT_SOLD = new Set(['arpa']);

const list = createRequire(import.meta.url)('tlds') as string[];

export const ROOT_ZONE_TLDS: ReadonlySet<string> = new Set(
  list.map((tld) => domainToASCII(tld)).filter((tld) => tld !== '' && !NOT_SOLD.has(tld)),
);
