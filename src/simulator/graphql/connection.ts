import { githubError } from './github-error';

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

const cursorOf = (index: number) => Buffer.from(`cursor:v2:${index}`).toString('base64');

function indexOf(cursor: string | null | undefined): number | undefined {
  if (!cursor) return undefined;
  const match = /^cursor:v2:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match)
    throw githubError(
      'INVALID_CURSOR_ARGUMENTS',
      `\`${cursor.slice(0, 60)}\` does not appear to be a valid cursor.`,
    );
  return Number(match[1]);
}

/**
 * A Relay connection over a list, GitHub's way: `first`/`last` ≤ 100, opaque cursors; `nodes`/`edges` need one of
 * them (`totalCount` alone does not).
 */
export function connection<T>(items: T[], args: PageArgs, name: string) {
  for (const key of ['first', 'last'] as const) {
    const value = args[key];
    if (value === null || value === undefined) continue;
    if (value < 0)
      throw githubError(
        'INVALID_ARGUMENTS',
        `\`${key}\` on the \`${name}\` connection cannot be less than zero.`,
      );
    if (value > 100)
      throw githubError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${key}\` limit of 100 records.`,
      );
  }
  let start = 0;
  let end = items.length;
  const after = indexOf(args.after);
  const before = indexOf(args.before);
  if (after !== undefined) start = Math.min(items.length, after + 1);
  if (before !== undefined) end = Math.max(start, Math.min(end, before));
  if (typeof args.first === 'number') end = Math.min(end, start + args.first);
  if (typeof args.last === 'number') start = Math.max(start, end - args.last);
  const slice = items.slice(start, end).map((node, offset) => ({ node, cursor: cursorOf(start + offset) }));
  // GitHub answers a connection's size without bounds, never its items (graphql-js calls these only if selected).
  const bounded = typeof args.first === 'number' || typeof args.last === 'number';
  const listed = <V>(value: V) => {
    if (!bounded)
      throw githubError(
        'MISSING_PAGINATION_BOUNDARIES',
        `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
      );
    return value;
  };
  return {
    totalCount: items.length,
    nodes: () => listed(slice.map((edge) => edge.node)),
    edges: () => listed(slice),
    pageInfo: {
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice[slice.length - 1]?.cursor ?? null,
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
    },
  };
}

/** A connection whose only answer is its size (issues, pull requests, refs … of an imported repository). */
export function countOnly(totalCount: number) {
  return {
    totalCount,
    pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false },
  };
}
