import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * GitHub's rule for a query's cost in points: add up the requests needed to fill every connection (a connection
 * under a connection of `first: 50` needs 50 requests), assuming each reaches its `first`/`last`; divide by 100,
 * round; at least 1. Mutations cost the same way (so usually 1).
 */
function argumentNumber(
  value: ValueNode | undefined,
  variables: Record<string, unknown>,
): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

interface Walk {
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Requests of a fragment at multiplier 1 (the count scales linearly), so nested spreads stay linear. */
  memo: Map<string, number>;
  /** What a connection of `size` items adds, given what its selection adds per item. */
  connection: (size: number, inner: number) => number;
}

/** Requests a selection needs at multiplier 1. */
function walk(selection: SelectionSetNode | undefined, w: Walk, path: Set<string>): number {
  if (!selection) return 0;
  let requests = 0;
  for (const node of selection.selections) {
    if (node.kind === Kind.FRAGMENT_SPREAD) {
      const name = node.name.value;
      const fragment = w.fragments.get(name);
      if (!fragment || path.has(name)) continue; // validation refuses cycles; never loop on one
      if (!w.memo.has(name)) w.memo.set(name, walk(fragment.selectionSet, w, new Set([...path, name])));
      requests += w.memo.get(name) ?? 0;
      continue;
    }
    if (node.kind === Kind.INLINE_FRAGMENT) {
      requests += walk(node.selectionSet, w, path);
      continue;
    }
    const size =
      argumentNumber(node.arguments?.find((a) => a.name.value === 'first')?.value, w.variables) ??
      argumentNumber(node.arguments?.find((a) => a.name.value === 'last')?.value, w.variables);
    const inner = walk(node.selectionSet, w, path);
    requests += size === undefined ? inner : w.connection(Math.max(0, Math.min(size, 100)), inner);
  }
  return requests;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

export function queryCost(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = fragmentsOf(document);
  const requests = walk(
    operation.selectionSet,
    { fragments, variables, memo: new Map(), connection: (size, inner) => 1 + size * inner },
    new Set(),
  );
  return Math.max(1, Math.round(requests / 100));
}

/** GitHub's most nodes a query may return (over 500,000 it refuses the query). */
export const MAX_NODES = 500_000;

/**
 * The nodes GitHub's node limit counts for a query: each connection's `first`/`last` times the sizes of the
 * connections around it, summed (`repositories(first: 50) { issues(first: 10) }` is 50 + 50 × 10 = 550). What
 * `rateLimit { nodeCount }` answers.
 */
export function queryNodeCount(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = fragmentsOf(document);
  return walk(
    operation.selectionSet,
    { fragments, variables, memo: new Map(), connection: (size, inner) => size * (1 + inner) },
    new Set(),
  );
}
