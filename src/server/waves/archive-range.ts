/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14): a single satisfiable range is
 * served as 206, an unsatisfiable one is 416; several ranges, other units or a malformed header are ignored
 * (the whole file, 200), as the RFC allows. Sizes are whole numbers of bytes within JavaScript's safe range.
 */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

export function archiveRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  // Beyond any file we keep: a start that far is past the end (an end or suffix that far means "to the end").
  if (first.length > 15) return { kind: 'unsatisfiable' };
  if (first === '') {
    const suffix = Math.min(Number(last), size);
    return suffix === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'partial', start: size - suffix, end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  return start >= size ? { kind: 'unsatisfiable' } : { kind: 'partial', start, end };
}
