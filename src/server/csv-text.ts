import Papa from 'papaparse';

/**
 * CSV that a spreadsheet opens safely (a move's manifest, the audit log): RFC 4180 quoting by papaparse, every
 * line break in a cell flattened to a space, and a cell a spreadsheet would read as a formula escaped.
 */

/** Line breaks of every kind a spreadsheet or a line-based tool may split on (a hostile name could hold one). */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** A cell a spreadsheet reads as a formula: its first character only (papaparse's own test misses `=1\n…`). */
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: string | null) => (value ?? '').replace(LINE_BREAKS, ' ');

/** The rows under `fields`, CRLF line ends and a final CRLF. */
export function csvText(fields: string[], data: Record<string, string>[]): string {
  return `${Papa.unparse({ fields, data }, { escapeFormulae: FORMULA_START })}\r\n`;
}
