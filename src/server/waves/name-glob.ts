/**
 * The waves' name patterns: `*`, `?` and `[…]` globs (`[!…]` or `[^…]` negated, `a-z` ranges), matched
 * case-insensitively against the whole repository name. Compiled to tokens and matched by a single forward
 * pass that backtracks only to the last `*` (never through nested choices as a RegExp would): at most
 * (name length + 1) × (tokens + 1) steps whatever the pattern, so a 500-character pattern cannot hold the
 * event loop (`"***…!"` took seconds as a RegExp).
 */

type ClassItem = { from: number; to: number };
type Token =
  | { kind: 'star' }
  | { kind: 'any' }
  | { kind: 'char'; code: number }
  | { kind: 'class'; negated: boolean; items: ClassItem[] };

export interface CompiledGlob {
  tokens: Token[];
}

export class GlobError extends Error {
  constructor(
    readonly glob: string,
    reason: string,
  ) {
    super(`The name pattern “${glob}” is not valid: ${reason}.`);
    this.name = 'GlobError';
  }
}

const fold = (code: number) => String.fromCharCode(code).toLowerCase().charCodeAt(0);

function classItems(glob: string, body: string): ClassItem[] {
  const items: ClassItem[] = [];
  for (let index = 0; index < body.length; index++) {
    const from = body.charCodeAt(index);
    // `-` first or last is itself; between two characters it is a range.
    if (body[index + 1] === '-' && index + 2 < body.length) {
      const to = body.charCodeAt(index + 2);
      if (to < from) throw new GlobError(glob, `the range ${body.slice(index, index + 3)} is reversed`);
      items.push({ from, to });
      index += 2;
    } else items.push({ from, to: from });
  }
  return items;
}

/** One glob (no spaces or commas) to tokens; throws GlobError for what can never be meant. */
export function compileGlob(glob: string): CompiledGlob {
  const tokens: Token[] = [];
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] ?? '';
    const code = glob.charCodeAt(index);
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\x00-\x1f\x7f]/.test(char)) throw new GlobError(glob, 'it contains a control character');
    if (char === '*') {
      // Consecutive stars are one star: they match the same names.
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') tokens.push({ kind: 'any' });
    else if (char === '[') {
      const negated = glob[index + 1] === '!' || glob[index + 1] === '^';
      const start = index + (negated ? 2 : 1);
      // A `]` right after `[` or `[!` belongs to the set (POSIX), so the search for the close starts after it.
      const close = glob.indexOf(']', start + 1);
      if (close < 0) throw new GlobError(glob, 'a [ is not closed by ]');
      tokens.push({ kind: 'class', negated, items: classItems(glob, glob.slice(start, close)) });
      index = close;
    } else tokens.push({ kind: 'char', code: fold(code) });
  }
  return { tokens };
}

function inClass(token: Extract<Token, { kind: 'class' }>, code: number): boolean {
  const upper = String.fromCharCode(code).toUpperCase().charCodeAt(0);
  const lower = fold(code);
  const hit = token.items.some(
    (item) =>
      (code >= item.from && code <= item.to) ||
      (upper >= item.from && upper <= item.to) ||
      (lower >= item.from && lower <= item.to),
  );
  return hit !== token.negated;
}

function matchesOne(token: Token, code: number): boolean {
  if (token.kind === 'any') return true;
  if (token.kind === 'char') return token.code === fold(code);
  return token.kind === 'class' && inClass(token, code);
}

/**
 * Whole-name match. `steps` (tests) counts the comparisons made: the bound above is what the loop can do,
 * as every step either advances the name or, after a mismatch, restarts from the last star one name
 * character further on.
 */
export function matchGlob(compiled: CompiledGlob, name: string, steps?: { count: number }): boolean {
  const { tokens } = compiled;
  let t = 0;
  let n = 0;
  let starToken = -1;
  let starName = 0;
  while (n < name.length) {
    if (steps) steps.count++;
    const token = tokens[t];
    if (token?.kind === 'star') {
      starToken = t++;
      starName = n;
    } else if (token && matchesOne(token, name.charCodeAt(n))) {
      t++;
      n++;
    } else if (starToken >= 0) {
      t = starToken + 1;
      n = ++starName;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

export function splitPattern(pattern: string | undefined): string[] {
  return (pattern ?? '').split(/[\s,]+/).filter(Boolean);
}

/** Every glob of a pattern compiled, or the first error, for the routes to answer 400 with. */
export function checkPattern(pattern: string | undefined): GlobError | undefined {
  for (const glob of splitPattern(pattern)) {
    try {
      compileGlob(glob);
    } catch (error) {
      if (error instanceof GlobError) return error;
      throw error;
    }
  }
  return undefined;
}

/** A pattern (globs separated by spaces or commas) as a predicate; no globs match every name. */
export function namePredicate(pattern: string | undefined): (name: string) => boolean {
  const globs = splitPattern(pattern).map(compileGlob);
  return (name) => globs.length === 0 || globs.some((glob) => matchGlob(glob, name));
}
