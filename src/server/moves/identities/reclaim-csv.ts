import { createRequire } from 'node:module';
import type * as PapaParse from 'papaparse';
import { RECLAIM_CSV_HEADER, type Mannequin } from '@/contracts/identities';

/** papaparse is CommonJS: loaded with Node's require so Vite's SSR loader (the dev server) does not inline it. */
const Papa = createRequire(import.meta.url)('papaparse') as typeof PapaParse;

/**
 * A cell gh gei reads back as written. Its reader (`ReclaimService.ReclaimMannequins`, gh-gei v1.32) splits each
 * line on every comma with no quoting, wants exactly three fields and trims each: a comma, a quote (it would stay
 * in the value), a line break, a value that trims to another one or an empty value cannot be written. A cell a
 * spreadsheet runs as a formula (=, +, -, @ first) is left out too: quoting or prefixing it would change it for gh gei.
 */
const READABLE = /^(?![=+\-@])[^,"\r\n\v\f\u0085\u2028\u2029\t]+$/;
const readable = (value: string) => value === value.trim() && READABLE.test(value);

export interface ReclaimCsv {
  csv: string;
  rows: number;
  /** Mapped mannequins whose values gh gei could not read back: left out, by mannequin id. */
  leftOut: string[];
}

/**
 * The CSV `gh gei reclaim-mannequin --csv` reads: the header `mannequin-user,mannequin-id,target-user` exactly,
 * then one line per mapped mannequin not yet reclaimed (gh gei skips a claimed one unless `--force`, as its
 * `generate-mannequin-csv` leaves them out). Written by papaparse with quoting off, `\n` line ends (gh gei reads
 * lines with .NET's `File.ReadLines`: `\n`, `\r\n` alike); no byte-order mark.
 */
export function reclaimCsv(
  mannequins: readonly Mannequin[],
  mapping: ReadonlyMap<string, string>,
): ReclaimCsv {
  const data: string[][] = [];
  const leftOut: string[] = [];
  for (const mannequin of mannequins) {
    const targetUser = mapping.get(mannequin.id);
    if (!targetUser || mannequin.claimant) continue;
    const row = [mannequin.login, mannequin.id, targetUser];
    if (row.every(readable)) data.push(row);
    else leftOut.push(mannequin.id);
  }
  const csv = Papa.unparse(
    { fields: [...RECLAIM_CSV_HEADER], data },
    { quotes: false, quoteChar: '"', newline: '\n', header: true, escapeFormulae: false },
  );
  // papaparse ends the header with a line break when no row follows: one `\n` at the end either way.
  return { csv: `${csv.trimEnd()}\n`, rows: data.length, leftOut };
}
