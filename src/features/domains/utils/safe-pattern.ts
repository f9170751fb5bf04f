/**
 * Whether a schema's `pattern` can run in the browser without catastrophic backtracking. The schema comes
 * from the registrar at run time and JavaScript's regular expressions backtrack: `^(a+)+$` against 30 `a`s
 * and a `b` takes minutes and freezes the page. No linear-time engine ships with the browser, so a pattern is
 * refused (with the reason) when it has what makes backtracking explode: a repeated group that itself repeats
 * or alternates (`(a+)+`, `(a|aa)*`), a backreference, or many unbounded repeats in a row (`\d*\d*\d*\d*x`,
 * polynomial). Conservative: a few harmless patterns such as `^[a-z]+(-[a-z]+)*$` are flagged too, so a flagged
 * `pattern` is not refused with its schema: it is left out of the browser's check and named on the page
 * (`uncheckedPatterns`); the registrar still checks it.
 */
export const MAX_PATTERN_LENGTH = 512;
/** Unbounded repeats (`*`, `+`, `{n,}`) one pattern may hold: beyond this, a failing match is polynomial. */
export const MAX_UNBOUNDED_REPEATS = 3;

interface Group {
  repeats: boolean;
  alternates: boolean;
}

/** The reason `source` is refused, or undefined when it is safe to run. */
export function patternProblem(source: string): string | undefined {
  if (source.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(source, 'u');
  } catch (error) {
    return error instanceof Error ? error.message : 'not a regular expression';
  }
  const groups: Group[] = [{ repeats: false, alternates: false }];
  let lastWasRiskyGroup = false;
  let unbounded = 0;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    const current = groups[groups.length - 1] as Group;
    let quantifier: { unbounded: boolean; repeats: boolean } | undefined;
    let riskyGroup = false;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'a backreference';
      i += 1;
    } else if (char === '[') {
      // A class is one atom: skip to its closing bracket.
      for (i += 1; i < source.length && source[i] !== ']'; i += 1) if (source[i] === '\\') i += 1;
    } else if (char === '(') {
      groups.push({ repeats: false, alternates: false });
      // `(?:`, `(?=`, `(?<name>`…: the `?` opens the group, it repeats nothing.
      if (source[i + 1] === '?') i += 1;
    } else if (char === ')') {
      const closed = groups.pop() as Group;
      const parent = groups[groups.length - 1] as Group;
      parent.repeats ||= closed.repeats;
      riskyGroup = closed.repeats || closed.alternates;
    } else if (char === '|') {
      current.alternates = true;
    } else if (char === '*' || char === '+') {
      quantifier = { unbounded: true, repeats: true };
    } else if (char === '?') {
      quantifier = { unbounded: false, repeats: false };
    } else if (char === '{') {
      const bounds = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (bounds) {
        i += bounds[0].length - 1;
        const max = bounds[2] === undefined ? Number(bounds[1]) : bounds[3] ? Number(bounds[3]) : Infinity;
        quantifier = { unbounded: max === Infinity, repeats: max > 1 };
      }
    }
    if (quantifier) {
      if (quantifier.repeats && lastWasRiskyGroup)
        return 'a repeated group that itself repeats or alternates';
      if (quantifier.unbounded && ++unbounded > MAX_UNBOUNDED_REPEATS)
        return `more than ${MAX_UNBOUNDED_REPEATS} unbounded repeats`;
      current.repeats ||= quantifier.repeats || quantifier.unbounded;
      // A lazy or possessive marker right after a quantifier belongs to it.
      if (source[i + 1] === '?') i += 1;
    }
    lastWasRiskyGroup = riskyGroup;
  }
  return undefined;
}

export interface UncheckedPattern {
  /** The field's title, else its property name, else "the body". */
  field: string;
  pattern: string;
  problem: string;
}

/** Values looked at before giving up: the schema's own bound (schema-limits.ts refuses a bigger one). */
const MAX_VALUES = 20_000;

/**
 * Every `pattern` in `schema` that the browser will not run (`patternProblem`), with the field it belongs
 * to, so the page can say which fields only the registrar checks. Iterative and bounded: the schema is outside
 * input.
 */
export function uncheckedPatterns(schema: unknown): UncheckedPattern[] {
  const found: UncheckedPattern[] = [];
  const stack: [unknown, string | undefined][] = [[schema, undefined]];
  for (let seen = 0; stack.length > 0 && seen < MAX_VALUES; seen += 1) {
    const [node, name] = stack.pop() as [unknown, string | undefined];
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, name]);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') {
      const problem = patternProblem(record.pattern);
      const title = typeof record.title === 'string' && record.title ? record.title : undefined;
      if (problem) found.push({ field: title ?? name ?? 'the body', pattern: record.pattern, problem });
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value))
        for (const [property, sub] of Object.entries(value)) stack.push([sub, property]);
      else if (key !== 'enum' && key !== 'const' && key !== 'examples' && key !== 'default')
        stack.push([value, name]);
    }
  }
  return found.reverse();
}
