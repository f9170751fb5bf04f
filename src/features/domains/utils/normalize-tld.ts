/**
 * What a person types into the TLD box (`com`, `.CA`, `co.uk`, `みんな`) → the ASCII TLD the registrar
 * expects. Leading dots go, case folds, and internationalised labels become their xn-- form through the URL
 * parser's IDNA processing (no extra package). Invalid input gets a message before any request is made.
 */
export type TldInput =
  | {
      ok: true;
      tld: string;
      /** The Unicode form the person typed, when it differs from `tld`. */ unicode?: string;
    }
  | { ok: false; message: string };

/** One LDH label; the same rule as the gateway's allow-list. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Dots a person may type in other scripts (ideographic and fullwidth full stops). */
const LEADING_DOTS = /^[.\u3002\uff0e\uff61]+/;

export function normalizeTld(raw: string): TldInput {
  const text = raw.trim().replace(LEADING_DOTS, '');
  if (raw.trim() === '') return { ok: false, message: 'Type a TLD, for example com, .ca or co.uk.' };
  if (text === '') return { ok: false, message: 'Type the TLD after the dot, for example com.' };
  if (/\s/.test(text)) return { ok: false, message: 'A TLD has no spaces.' };
  if (/[/:?#@\\%*,;=+&'"<>[\]{}|^`$!()~]/.test(text)) {
    return { ok: false, message: 'Type only the TLD (like com or co.uk), not a web address or domain.' };
  }
  if (/[.\u3002\uff0e\uff61]$/.test(text)) return { ok: false, message: 'Remove the trailing dot.' };

  if (/(^|[.])[0-9]+$/.test(text)) {
    return { ok: false, message: 'A TLD cannot end in a part made only of digits.' };
  }
  let ascii: string;
  try {
    ascii = new URL(`http://x.${text}`).hostname.slice(2);
  } catch {
    return { ok: false, message: `“${text.slice(0, 60)}” is not a valid TLD.` };
  }
  const labels = ascii.split('.');
  if (ascii.length > 253 || labels.some((label) => !LABEL.test(label))) {
    return {
      ok: false,
      message:
        'A TLD is made of letters, digits and inner hyphens, at most 63 characters per part, separated by dots.',
    };
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? '')) {
    return { ok: false, message: 'A TLD cannot end in a part made only of digits.' };
  }
  const typed = text.toLowerCase();
  return ascii.includes('xn--') && typed !== ascii
    ? { ok: true, tld: ascii, unicode: typed }
    : { ok: true, tld: ascii };
}

/** Several TLDs separated by commas or spaces (the compare page); duplicates dropped, order kept. */
export function normalizeTldList(raw: string): { tlds: string[]; errors: string[] } {
  const tlds: string[] = [];
  const errors: string[] = [];
  for (const part of raw.split(/[\s,]+/).filter(Boolean)) {
    const result = normalizeTld(part);
    if (!result.ok) errors.push(`${part.slice(0, 40)}: ${result.message}`);
    else if (!tlds.includes(result.tld)) tlds.push(result.tld);
  }
  return { tlds, errors };
}
