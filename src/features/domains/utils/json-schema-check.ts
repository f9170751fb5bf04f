import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { patternProblem } from './safe-pattern';
import { checkSchemaLimits, eachSchema, refTarget } from './schema-limits';

/**
 * Draft 2020-12 validation without code generation, for pages served under a Content-Security-Policy
 * without 'unsafe-eval' (Ajv compiles schemas with `new Function`, which that policy forbids). The work is
 * done by @cfworker/json-schema, an interpreting validator; this module bounds the schema first
 * (schema-limits.ts), works on a copy (cfworker marks the objects it reads) and reshapes the output into
 * Ajv's error objects so react-jsonschema-form places errors on the same fields and the wording stays.
 */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
  /** The schema holding the keyword (Ajv's `verbose` output): rjsf takes the field's title from it. */
  parentSchema?: unknown;
}

/** Keywords that only say "something below failed": their nested errors carry the detail. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
]);

/** Fixed base addresses: references must not depend on the page's own address. */
const ROOT_URI = 'https://schema.ferry.invalid/root';
const PART_URI = 'https://schema.ferry.invalid/part';

type Lookup = Record<string, Schema | boolean>;
interface Prepared {
  schema: Schema;
  lookup: Lookup;
}

/** `#/a/b` (cfworker) → `/a/b` (Ajv). */
function toInstancePath(location: string): string {
  return location.replace(/^#/, '');
}

const unescapePart = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');

/** The schema value a cfworker keyword location names, following `$ref`s as cfworker does. */
function schemaValueAt(start: Schema, root: Schema, keywordLocation: string): unknown {
  let node: unknown = start;
  for (const part of keywordLocation.replace(/^#\/?/, '').split('/')) {
    if (!part) continue;
    if (typeof node !== 'object' || node === null) return undefined;
    const value = (node as Record<string, unknown>)[unescapePart(part)];
    node =
      part === '$ref' && typeof value === 'string'
        ? refTarget(root, value.startsWith(ROOT_URI) ? value.slice(ROOT_URI.length) : value)
        : value;
  }
  return node;
}

/** Ajv's wording, so messages read the same whichever validator ran. */
function ajvMessage(keyword: string, value: unknown, fallback: string): string {
  switch (keyword) {
    case 'minimum':
      return `must be >= ${String(value)}`;
    case 'maximum':
      return `must be <= ${String(value)}`;
    case 'exclusiveMinimum':
      return `must be > ${String(value)}`;
    case 'exclusiveMaximum':
      return `must be < ${String(value)}`;
    case 'minLength':
      return `must NOT have fewer than ${String(value)} characters`;
    case 'maxLength':
      return `must NOT have more than ${String(value)} characters`;
    case 'minItems':
      return `must NOT have fewer than ${String(value)} items`;
    case 'maxItems':
      return `must NOT have more than ${String(value)} items`;
    case 'pattern':
      return `must match pattern "${String(value)}"`;
    case 'format':
      return `must match format "${String(value)}"`;
    case 'type':
      return `must be ${Array.isArray(value) ? value.join(',') : String(value)}`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'const':
      return 'must be equal to constant';
    case 'oneOf':
      return 'must match exactly one schema in oneOf';
    case 'anyOf':
      return 'must match a schema in anyOf';
    case 'not':
      return 'must NOT be valid';
    case 'multipleOf':
      return `must be multiple of ${String(value)}`;
    case 'uniqueItems':
      return 'must NOT have duplicate items';
    default:
      return fallback;
  }
}

function reshape(
  unit: OutputUnit,
  parent: OutputUnit | undefined,
  valueAt: (location: string) => unknown,
): SchemaError | null {
  // A `false` subschema under additionalProperties is Ajv's "additional property" error on the parent.
  if (unit.keyword === 'false' && parent?.keyword === 'additionalProperties') {
    const key = /Property "(.*)" does not match/.exec(parent.error)?.[1] ?? '';
    return {
      instancePath: toInstancePath(parent.instanceLocation),
      schemaPath: parent.keywordLocation,
      keyword: 'additionalProperties',
      params: { additionalProperty: key },
      message: 'must NOT have additional properties',
    };
  }
  if (WRAPPERS.has(unit.keyword)) return null;
  if (unit.keyword === 'if') {
    const failingKeyword = /"else"/.test(unit.error) ? 'else' : 'then';
    return {
      instancePath: toInstancePath(unit.instanceLocation),
      schemaPath: unit.keywordLocation,
      keyword: 'if',
      params: { failingKeyword },
      message: `must match "${failingKeyword}" schema`,
    };
  }
  const value = valueAt(unit.keywordLocation);
  const params: Record<string, unknown> = {};
  if (unit.keyword === 'required') {
    const missing = /required property "(.*)"/.exec(unit.error)?.[1] ?? '';
    params.missingProperty = missing;
    return {
      instancePath: toInstancePath(unit.instanceLocation),
      schemaPath: unit.keywordLocation,
      keyword: 'required',
      params,
      message: `must have required property '${missing}'`,
    };
  }
  if (unit.keyword === 'enum') params.allowedValues = value;
  if (unit.keyword === 'const') params.allowedValue = value;
  if (unit.keyword === 'type') params.type = value;
  if (unit.keyword === 'pattern') params.pattern = value;
  if (unit.keyword === 'format') params.format = value;
  if (['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'].includes(unit.keyword))
    params.limit = value;
  return {
    instancePath: toInstancePath(unit.instanceLocation),
    schemaPath: unit.keywordLocation,
    keyword: unit.keyword,
    params,
    message: ajvMessage(unit.keyword, value, unit.error),
  };
}

/**
 * A fresh copy without a top `$id` (cfworker marks the objects it dereferences, and bases URIs on `$id`) and
 * without the patterns that could backtrack for minutes (safe-pattern.ts): those the page names as checked
 * by the registrar only.
 */
function copyOf(schema: object): Schema {
  const copy = JSON.parse(JSON.stringify(schema)) as Schema;
  delete copy.$id;
  eachSchema(copy, (node) => {
    if (typeof node.pattern === 'string' && patternProblem(node.pattern)) delete node.pattern;
  });
  return copy;
}

const roots = new WeakMap<object, Prepared>();

function prepareRoot(root: object): Prepared {
  const known = roots.get(root);
  if (known) return known;
  checkSchemaLimits(root);
  const schema = copyOf(root);
  const prepared = { schema, lookup: dereference(schema, Object.create(null) as Lookup, new URL(ROOT_URI)) };
  roots.set(root, prepared);
  return prepared;
}

/** A part of `root` (react-jsonschema-form checks `oneOf` options and `if`s this way): its `#…` mean the root. */
const parts = new WeakMap<object, { root: Prepared; prepared: Prepared }>();

function preparePart(part: object, root: Prepared, original: object): Prepared {
  const known = parts.get(part);
  if (known?.root === root) return known.prepared;
  checkSchemaLimits(part, original);
  const schema = copyOf(part);
  eachSchema(schema, (node) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) node.$ref = ROOT_URI + node.$ref;
  });
  const prepared = {
    schema,
    lookup: dereference(schema, Object.create(root.lookup) as Lookup, new URL(PART_URI)),
  };
  parts.set(part, { root, prepared });
  return prepared;
}

/**
 * Validate `data` against `schema`; local `$ref`s point into `root` (react-jsonschema-form validates
 * sub-schemas of a root document). Throws `SchemaRefused` when the schema is out of bounds or a reference
 * cannot be resolved.
 */
export function validateJsonSchema(schema: unknown, data: unknown, root: unknown = schema): SchemaError[] {
  if (typeof schema === 'boolean') return schema ? [] : [falseSchemaError];
  const own = typeof schema === 'object' && schema !== null ? schema : {};
  const top = prepareRoot(typeof root === 'object' && root !== null ? root : own);
  const target = own === root ? top : preparePart(own, top, root as object);
  // The form's empty value is `undefined`, which cfworker refuses to type; validate it as no value (null).
  const result = validate(data === undefined ? null : data, target.schema, '2020-12', target.lookup, false);
  const valueAt = (location: string) => schemaValueAt(target.schema, top.schema, location);
  const errors: SchemaError[] = [];
  result.errors.forEach((unit, index) => {
    const shaped = reshape(unit, result.errors[index - 1], valueAt);
    if (shaped) errors.push({ ...shaped, parentSchema: valueAt(shaped.schemaPath.replace(/\/[^/]*$/, '')) });
  });
  return combinatorsLast(errors);
}

/** Where the errors under a `oneOf`, `anyOf` or `if` error sit in the schema. */
function scopeOf(error: SchemaError): string | undefined {
  if (error.keyword === 'oneOf' || error.keyword === 'anyOf') return `${error.schemaPath}/`;
  if (error.keyword === 'if')
    return `${error.schemaPath.replace(/\/if$/, '')}/${String(error.params.failingKeyword)}`;
  return undefined;
}

/**
 * cfworker reports `oneOf`, `anyOf` and a failed `if` before the errors under them, Ajv after: follow Ajv,
 * since rjsf lists a field's errors in that order.
 */
function combinatorsLast(errors: SchemaError[]): SchemaError[] {
  const ordered: SchemaError[] = [];
  const open: [SchemaError, string][] = [];
  for (const error of errors) {
    while (open.length > 0 && !error.schemaPath.startsWith((open.at(-1) as [SchemaError, string])[1]))
      ordered.push((open.pop() as [SchemaError, string])[0]);
    const scope = scopeOf(error);
    if (scope) open.push([error, scope]);
    else ordered.push(error);
  }
  return ordered.concat(open.reverse().map(([error]) => error));
}

const falseSchemaError: SchemaError = {
  instancePath: '',
  schemaPath: '#',
  keyword: 'false schema',
  params: {},
  message: 'boolean schema is false',
};
