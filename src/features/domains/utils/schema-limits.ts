import { patternProblem } from './safe-pattern';

/**
 * Bounds on a registrar schema before the browser validates with it. The schema arrives at run time from
 * the registrar (through the gateway), so it is outside input: too big, too deep, a `$ref` loop that
 * recurses for ever, a chain of `allOf`s that doubles at each step, or a pattern that backtracks without
 * end would freeze or crash the page. Real schemas are tiny (the catalogue's largest: 21 values, depth 5).
 */
export const MAX_SCHEMA_VALUES = 20_000;
export const MAX_SCHEMA_DEPTH = 32;
/** Subschemas one value may be checked against in place (through `$ref`, `allOf`, `anyOf`, …). */
export const MAX_IN_PLACE_CHECKS = 1_000;
/** Schemas entered one inside another through keywords and `$ref`s (a bound on this check's own stack). */
export const MAX_REF_DEPTH = 200;

export class SchemaRefused extends Error {
  constructor(reason: string) {
    super(`The schema is refused: ${reason}`);
    this.name = 'SchemaRefused';
  }
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose subschemas apply to the same value (a loop through them never ends). */
const IN_PLACE_ONE = ['not', 'if', 'then', 'else'];
const IN_PLACE_MANY = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE_MAP = ['dependentSchemas', 'dependencies'];
/** Keywords whose subschemas apply to a part of the value (finite data ends the recursion). */
const CHILD_ONE = [
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'additionalItems',
  'unevaluatedItems',
  'contains',
];
const CHILD_MANY = ['prefixItems', 'items'];
const CHILD_MAP = ['properties', 'patternProperties', '$defs', 'definitions'];

/** Count and depth of every value, without recursion (a deep schema must not overflow the stack here). */
function checkSize(schema: unknown): void {
  const stack: [unknown, number][] = [[schema, 1]];
  let values = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (++values > MAX_SCHEMA_VALUES) throw new SchemaRefused(`more than ${MAX_SCHEMA_VALUES} values`);
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_SCHEMA_DEPTH) throw new SchemaRefused(`nested deeper than ${MAX_SCHEMA_DEPTH} levels`);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
}

function subschemas(node: Node, keys: string[], shape: 'one' | 'many' | 'map'): unknown[] {
  return keys.flatMap((key) => {
    const value = node[key];
    if (shape === 'one') return value === undefined || Array.isArray(value) ? [] : [value];
    if (shape === 'many') return Array.isArray(value) ? (value as unknown[]) : [];
    return isNode(value) ? Object.values(value) : [];
  });
}

/** Every schema object in `schema` (not the values inside `enum`, `const` or `default`), without recursion. */
export function eachSchema(schema: unknown, visit: (node: Node) => void): void {
  const stack = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isNode(node)) continue;
    visit(node);
    stack.push(
      ...subschemas(node, IN_PLACE_ONE, 'one'),
      ...subschemas(node, IN_PLACE_MANY, 'many'),
      ...subschemas(node, IN_PLACE_MAP, 'map'),
      ...subschemas(node, CHILD_ONE, 'one'),
      ...subschemas(node, CHILD_MANY, 'many'),
      ...subschemas(node, CHILD_MAP, 'map'),
    );
  }
}

const unescape = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');

/** The local target of `$ref` (`#` or `#/a/b`); other references are refused. */
export function refTarget(root: unknown, ref: string): unknown {
  if (ref !== '#' && !ref.startsWith('#/'))
    throw new SchemaRefused(`only local references are supported: ${ref}`);
  let node = root;
  for (const part of ref.slice(2).split('/')) {
    if (!part) continue;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, unescape(part)))
      throw new SchemaRefused(`Unresolved $ref "${ref}"`);
    node = (node as Node)[unescape(part)];
  }
  return node;
}

/**
 * Throw `SchemaRefused` unless `schema` is within bounds. `root` resolves `$ref`s when `schema` is a part of
 * it (react-jsonschema-form validates subschemas against their root document).
 */
export function checkSchemaLimits(schema: unknown, root: unknown = schema): void {
  checkSize(schema);
  if (root !== schema) checkSize(root);
  // In-place checks per schema node, memoised; `visiting` finds loops.
  const cost = new Map<Node, number>();
  const visiting = new Set<Node>();
  let depth = 0;
  const inPlace = (node: unknown): number => {
    if (!isNode(node)) return 1;
    const known = cost.get(node);
    if (known !== undefined) return known;
    if (visiting.has(node)) throw new SchemaRefused('a $ref loop that never reaches a property or item');
    if (++depth > MAX_REF_DEPTH) throw new SchemaRefused(`subschemas chained deeper than ${MAX_REF_DEPTH}`);
    visiting.add(node);
    if ('$recursiveRef' in node || '$dynamicRef' in node)
      throw new SchemaRefused('$recursiveRef and $dynamicRef are not supported');
    // Every `#/…` is read from the top document, so no part may start a document of its own.
    if ('$id' in node && node !== root && node !== schema)
      throw new SchemaRefused('$id below the top of the schema is not supported');
    // A risky `pattern` is left out of the check instead (json-schema-check.ts, `uncheckedPatterns`): it
    // limits one string, while `patternProperties` decides which subschemas apply, so only those refuse.
    for (const key of isNode(node.patternProperties) ? Object.keys(node.patternProperties) : []) {
      const problem = patternProblem(key);
      if (problem) throw new SchemaRefused(`patternProperties "${key.slice(0, 80)}": ${problem}`);
    }
    let total = 1;
    const targets = [
      ...(typeof node.$ref === 'string' ? [refTarget(root, node.$ref)] : []),
      ...subschemas(node, IN_PLACE_ONE, 'one'),
      ...subschemas(node, IN_PLACE_MANY, 'many'),
      ...subschemas(node, IN_PLACE_MAP, 'map'),
    ];
    for (const target of targets) {
      total += inPlace(target);
      if (total > MAX_IN_PLACE_CHECKS)
        throw new SchemaRefused(
          `one value would be checked against more than ${MAX_IN_PLACE_CHECKS} subschemas`,
        );
    }
    visiting.delete(node);
    cost.set(node, total);
    // Parts of the value start a fresh in-place count; each is visited once thanks to `cost`.
    for (const child of [
      ...subschemas(node, CHILD_ONE, 'one'),
      ...subschemas(node, CHILD_MANY, 'many'),
      ...subschemas(node, CHILD_MAP, 'map'),
    ])
      inPlace(child);
    depth -= 1;
    return total;
  };
  inPlace(schema);
}
