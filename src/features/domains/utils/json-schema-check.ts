import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';

/**
 * Draft 2020-12 validation without code generation, for pages served under a Content-Security-Policy
 * without 'unsafe-eval' (Ajv compiles schemas with `new Function`, which that policy forbids). The work is
 * done by @cfworker/json-schema, an interpreting validator; this module only reshapes its output into
 * Ajv's error objects so react-jsonschema-form places errors on the same fields.
 */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
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
  'if',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
]);

const unescapePart = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');

/** `#/a/b` (cfworker) → `/a/b` (Ajv). */
function toInstancePath(location: string): string {
  return location.replace(/^#/, '');
}

function schemaValueAt(root: unknown, keywordLocation: string): unknown {
  let node: unknown = root;
  for (const part of keywordLocation.replace(/^#\/?/, '').split('/')) {
    if (!part) continue;
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[unescapePart(part)];
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

function reshape(unit: OutputUnit, parent: OutputUnit | undefined, schema: unknown): SchemaError | null {
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
  const value = schemaValueAt(schema, unit.keywordLocation);
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
 * Validate `data` against `schema`; local `$ref`s may point into `root` (react-jsonschema-form validates
 * sub-schemas of a root document). Throws when a reference cannot be resolved.
 */
export function validateJsonSchema(schema: unknown, data: unknown, root: unknown = schema): SchemaError[] {
  const own = (typeof schema === 'object' && schema !== null ? schema : {}) as Schema;
  const rootDefs = (root as Schema | undefined)?.$defs as Record<string, unknown> | undefined;
  const effective: Schema | boolean =
    typeof schema === 'boolean'
      ? schema
      : root === schema || !rootDefs
        ? own
        : { ...own, $defs: { ...rootDefs, ...(own.$defs as Record<string, unknown> | undefined) } };
  const result = new Validator(effective, '2020-12', false).validate(data);
  const errors: SchemaError[] = [];
  result.errors.forEach((unit, index) => {
    const shaped = reshape(unit, result.errors[index - 1], effective);
    if (shaped) errors.push(shaped);
  });
  return errors;
}
