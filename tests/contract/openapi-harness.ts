/**
 * Contract-test harness: validates response bodies against the vendored subset of GitHub's OpenAPI description
 * (`github-openapi-subset.json`, see README.md next to this file).
 *
 * What it does to the description before handing it to ajv (OpenAPI 3.0 schemas are "almost" JSON Schema):
 * - `nullable: true` becomes a type union (`type: [t, 'null']`, and `null` joins an `enum`); where there is no
 *   `type` (a bare `$ref`, `allOf`…), the schema becomes `anyOf: [schema, { type: 'null' }]`.
 * - `discriminator.mapping` is enforced: a `oneOf`/`anyOf` branch only accepts the discriminator values that map to
 *   it (explicitly, or implicitly by schema name). ajv's own `discriminator` support rejects `mapping`, and
 *   ignoring the mapping would let e.g. a private user answer with `user_view_type: "public"`.
 * - Formats: ajv-formats' `full` set, plus `int32`/`int64` as integer checks; any other format in the description
 *   is accepted as-is (unknown formats must not crash the harness).
 * - Keywords JSON Schema does not know (`example`, `deprecated`, `x-github…`, `discriminator`…) are ignored
 *   (`strict: false`).
 * - Spec quirks are relaxed only where a test needs it, listed in `RELAXATIONS` with the reason.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { OPERATIONS } from '@/server/allow-list';
import rawSubset from './github-openapi-subset.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, JsonObject>;
  [key: string]: Json;
}

export interface FerrySource {
  package: string;
  version: string;
  file: string;
  license: string;
  extractedBy: string;
}

/** The vendored description, untouched (what the drift tests look at). */
export const subset = rawSubset as unknown as JsonObject & {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, JsonObject>>;
  'x-ferry-source'?: FerrySource;
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SCHEMA_ID = 'https://ferry.invalid/github-openapi-subset.json';

export interface LocatedOperation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

const operationIndex = new Map<string, LocatedOperation>();
for (const [path, item] of Object.entries(subset.paths)) {
  for (const method of HTTP_METHODS) {
    const operation = item[method];
    if (operation)
      operationIndex.set(operation.operationId, { method: method.toUpperCase(), path, operation });
  }
}

/** Every operationId in the subset. */
export function operationIds(): string[] {
  return [...operationIndex.keys()];
}

export function findOperation(operationId: string): LocatedOperation | undefined {
  return operationIndex.get(operationId);
}

export function operationFor(operationId: string): LocatedOperation {
  const found = operationIndex.get(operationId);
  if (!found)
    throw new Error(
      `Operation ${operationId} is not in github-openapi-subset.json (re-run npm run contract:extract)`,
    );
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// OpenAPI 3.0 → JSON Schema (draft-07, as ajv's default) conversion

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

function encodePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolvePointer(document: Json, pointer: string): Json | undefined {
  if (!pointer.startsWith('#/')) throw new Error(`Only local refs are supported: ${pointer}`);
  let node: Json | undefined = document;
  for (const token of pointer.slice(2).split('/').map(decodePointerToken)) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = Array.isArray(node) ? node[Number(token)] : node[token];
  }
  return node;
}

function discriminated(schema: JsonObject): JsonObject {
  const discriminator = schema.discriminator;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string') return schema;
  const property = discriminator.propertyName;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    schema[keyword] = branches.map((branch) => {
      if (!isObject(branch) || typeof branch.$ref !== 'string') return branch;
      const ref = branch.$ref;
      const implicit = decodePointerToken(ref.split('/').pop() ?? '');
      const values = [
        ...new Set([implicit, ...Object.keys(mapping).filter((value) => mapping[value] === ref)]),
      ];
      // Not `required`: without the property a reader falls back to plain oneOf matching.
      return { allOf: [branch, { properties: { [property]: { type: 'string', enum: values } } }] };
    });
  }
  return schema;
}

/** Convert one OpenAPI 3.0 Schema Object (recursively) in place and return the (possibly wrapped) result. */
function convertSchema(schema: Json): Json {
  if (!isObject(schema)) return schema;
  for (const keyword of ['properties', 'patternProperties'] as const) {
    const map = schema[keyword];
    if (isObject(map)) for (const name of Object.keys(map)) map[name] = convertSchema(map[name] ?? null);
  }
  for (const keyword of ['items', 'additionalProperties', 'not'] as const) {
    if (isObject(schema[keyword])) schema[keyword] = convertSchema(schema[keyword]);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) schema[keyword] = list.map(convertSchema);
  }
  discriminated(schema);

  if (schema.nullable === true) {
    delete schema.nullable;
    if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
      if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
      return schema;
    }
    return { anyOf: [schema, { type: 'null' }] };
  }
  if (schema.nullable !== undefined) delete schema.nullable;
  return schema;
}

/** Walk the document and convert every Schema Object: components.schemas and each `schema` of a media type,
 * parameter or header. Example values and `x-` extensions are left alone. */
function convertDocument(node: Json, inSchemas = false): void {
  if (Array.isArray(node)) {
    for (const item of node) convertDocument(item);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    if (inSchemas || key === 'schema') {
      node[key] = convertSchema(value);
    } else {
      convertDocument(value, key === 'schemas' && node === converted.components);
    }
  }
}

/**
 * Relaxations of the published description, applied only where the simulator (like GitHub itself) legitimately
 * departs from it. Each entry names the quirk from the project's GitHub API notes (github-api.md §1.6) it answers. Spec quirks that
 * are not listed here are *not* relaxed: e.g. §1.6.1 (examples fail their own schemas) does not matter because we
 * validate simulator output, never the examples.
 */
const RELAXATIONS: { pointer: string; why: string; apply: (schema: JsonObject) => void }[] = [
  // Candidates still open: §1.6.6 (`percent` besides `import_percent`: tests list it as a known undeclared
  // property), and `validation-error.errors[].value`, whose `oneOf` of three nullable types matches `null` three
  // times (so a 422 carrying `"value": null` fails `oneOf`: make it `anyOf`).
  {
    pointer: '#/components/schemas/import/properties/use_lfs',
    why: '§1.6.5: the prose (and the spec) say use_lfs is "opt_in", "opt_out" or "undecided"; the schema says boolean',
    apply: (schema) => {
      delete schema.type;
      schema.anyOf = [{ type: 'boolean' }, { type: 'string', enum: ['opt_in', 'opt_out', 'undecided'] }];
    },
  },
  {
    pointer:
      '#/paths/~1app~1installations/get/responses/200/content/application~1json/schema/items/properties/account',
    why: 'the published description inlines the list’s `account` as allOf [simple-user, enterprise] (its `installation` component says anyOf): an organization’s account is a simple-user, not both',
    apply: (schema) => {
      const inner = Array.isArray(schema.anyOf) ? schema.anyOf[0] : undefined;
      if (!isObject(inner) || !Array.isArray(inner.allOf)) throw new Error('the account is no longer allOf');
      inner.anyOf = inner.allOf;
      delete inner.allOf;
    },
  },
  {
    pointer: '#/components/schemas/repository-ruleset-bypass-actor/properties/actor_type',
    why: 'GitHub answers the "Repository migrations" bypass as actor_type RepositoryMigration (its docs: "Setting ruleset bypasses for repository migrations"; integrations/terraform-provider-github#3336), which the description does not list yet',
    apply: (schema) => {
      if (!Array.isArray(schema.enum)) throw new Error('actor_type is no longer an enum');
      if (!schema.enum.includes('RepositoryMigration')) schema.enum = [...schema.enum, 'RepositoryMigration'];
    },
  },
];

const converted = structuredClone(rawSubset) as unknown as JsonObject & { components: JsonObject };
(converted as JsonObject).$id = SCHEMA_ID;
convertDocument(converted);
for (const relaxation of RELAXATIONS) {
  const target = resolvePointer(converted, relaxation.pointer);
  if (!isObject(target))
    throw new Error(`Relaxation target ${relaxation.pointer} not found (${relaxation.why})`);
  relaxation.apply(target);
}

function collectFormats(node: Json, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) collectFormats(item, found);
  else if (isObject(node)) {
    if (typeof node.format === 'string') found.add(node.format);
    for (const [key, value] of Object.entries(node))
      if (key !== 'example' && key !== 'examples') collectFormats(value, found);
  }
  return found;
}

const ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateSchema: false });
addFormats(ajv);
ajv.addFormat('int32', {
  type: 'number',
  validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
for (const format of collectFormats(converted.components, new Set())) {
  // Formats ajv-formats does not know (GitHub uses a few of its own) are accepted rather than crashing the compile.
  if (!ajv.formats[format]) ajv.addFormat(format, true);
}
ajv.addSchema(converted, SCHEMA_ID);

// ---------------------------------------------------------------------------------------------------------------
// Responses and statuses

function resolveResponse(
  response: Json | undefined,
  pointer: string,
): { response: JsonObject; pointer: string } | undefined {
  let current = response;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 10) throw new Error(`Response $ref loop at ${pointer}`);
    at = current.$ref;
    current = resolvePointer(subset, at);
  }
  return isObject(current) ? { response: current, pointer: at } : undefined;
}

/** The statuses the description declares for an operation, as numbers (`default`/`2XX` keys are left out). */
export function declaredStatuses(operationId: string): number[] {
  return Object.keys(operationFor(operationId).operation.responses)
    .filter((key) => /^\d{3}$/.test(key))
    .map(Number);
}

/**
 * Statuses GitHub (and so the simulator) answers although an operation's description does not declare them.
 * Each entry says why; bodies of these answers are checked against `schema`.
 */
export const UNDECLARED_STATUSES: Record<
  number,
  /** `schema`: the component the body must match; absent when the answer has no body. */
  { schema?: string; why: string; appliesTo: (operationId: string) => boolean }
> = {
  304: {
    why: 'GitHub honours If-None-Match on every GET, but only some operations declare 304 (e.g. repos/list-for-org does not).',
    appliesTo: (id) => operationFor(id).method === 'GET',
  },
  401: {
    schema: 'basic-error',
    why: 'An unknown or malformed token gets 401 "Bad credentials" on every operation, declared or not (e.g. rate-limit/get).',
    appliesTo: () => true,
  },
  403: {
    schema: 'basic-error',
    why: 'Primary and secondary rate limits answer 403 on any operation (github-api.md §2.2); few operations declare it.',
    appliesTo: () => true,
  },
  404: {
    schema: 'basic-error',
    why: 'A path parameter naming something missing or invisible (e.g. an unknown org) answers 404 even where only 200 is declared.',
    appliesTo: (id) => operationFor(id).path.includes('{'),
  },
  415: {
    schema: 'basic-error',
    why: 'Scenario strict-preview keeps the specification’s migrations preview (wyandotte) Accept requirement; the current description has no previews (github-api.md §1.7).',
    appliesTo: (id) => OPERATIONS.some((operation) => operation.id === id && operation.preview),
  },
};

export type StatusStanding = { declared: true } | { declared: false; why: string };

/** Whether `status` is declared for the operation, or explicitly tolerated (with the reason); undefined if neither. */
export function statusStanding(operationId: string, status: number): StatusStanding | undefined {
  if (declaredStatuses(operationId).includes(status)) return { declared: true };
  const allowance = UNDECLARED_STATUSES[status];
  if (allowance?.appliesTo(operationId)) return { declared: false, why: allowance.why };
  return undefined;
}

/** Strict: GitHub's description itself declares this status for the operation. */
export function expectStatusDeclared(operationId: string, status: number): void {
  expect(declaredStatuses(operationId), `${operationId} should declare ${status}`).toContain(status);
}

/** Declared, or listed in UNDECLARED_STATUSES for this operation. */
export function expectStatusAccepted(operationId: string, status: number): StatusStanding {
  const standing = statusStanding(operationId, status);
  expect(
    standing,
    `${operationId} answered ${status}, which the description does not declare (declares ${declaredStatuses(operationId).join(', ')}) and UNDECLARED_STATUSES does not allow`,
  ).toBeDefined();
  return standing as StatusStanding;
}

/** JSON pointer (into the converted document) of the JSON body schema for a status; undefined when it has no body. */
function responseSchemaPointer(operationId: string, status: number): string | undefined {
  const { method, path, operation } = operationFor(operationId);
  const declared = String(status);
  if (declared in operation.responses || 'default' in operation.responses) {
    const key = declared in operation.responses ? declared : 'default';
    const base = `#/paths/${encodePointerToken(path)}/${method.toLowerCase()}/responses/${key}`;
    const resolved = resolveResponse(operation.responses[key], base);
    if (!resolved) throw new Error(`Cannot resolve ${base}`);
    const content = resolved.response.content;
    if (!isObject(content)) return undefined;
    const mediaType = Object.keys(content).find((type) => /json/.test(type));
    if (!mediaType || !isObject(content[mediaType]) || !('schema' in content[mediaType])) return undefined;
    return `${resolved.pointer}/content/${encodePointerToken(mediaType)}/schema`;
  }
  const allowance = UNDECLARED_STATUSES[status];
  if (allowance?.appliesTo(operationId))
    return allowance.schema ? `#/components/schemas/${allowance.schema}` : undefined;
  throw new Error(`${operationId} does not declare ${status} and UNDECLARED_STATUSES does not allow it`);
}

/** The (converted, JSON Schema) response schema for a status, or undefined when the response has no JSON body. */
export function responseSchemaFor(operationId: string, status: number): Json | undefined {
  const pointer = responseSchemaPointer(operationId, status);
  return pointer === undefined ? undefined : resolvePointer(converted, pointer);
}

const validators = new Map<string, ValidateFunction>();
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${SCHEMA_ID}${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function formatErrors(errors: ErrorObject[] | null | undefined, body: unknown): string {
  const lines = (errors ?? []).slice(0, 15).map((error) => {
    const at = error.instancePath || '(root)';
    let value: unknown = body;
    for (const token of error.instancePath.split('/').slice(1))
      value = (value as Record<string, unknown> | undefined)?.[decodePointerToken(token)];
    const shown = JSON.stringify(value)?.slice(0, 80);
    return `  ${at} ${error.message} ${JSON.stringify(error.params)} (value: ${shown}; schema: ${error.schemaPath})`;
  });
  if ((errors?.length ?? 0) > 15) lines.push(`  … and ${(errors?.length ?? 0) - 15} more`);
  return lines.join('\n');
}

export interface ValidationResult {
  valid: boolean;
  /** Human-readable ajv errors (empty when valid). */
  errors: string;
}

function validateAt(pointer: string, body: unknown, retired: readonly string[] = []): ValidationResult {
  const validate = validatorAt(pointer);
  validate(body);
  // A newer API version's description is this one without the properties it retired: their absence is no error.
  const errors = (validate.errors ?? []).filter(
    (error) =>
      !(error.keyword === 'required' && retired.includes(String(error.params.missingProperty ?? ''))),
  );
  const valid = errors.length === 0;
  return { valid, errors: valid ? '' : formatErrors(errors, body) };
}

/** Validate against a named component schema, e.g. `validateSchema('basic-error', body)`. */
export function validateSchema(name: string, body: unknown): ValidationResult {
  if (!isObject(converted.components.schemas) || !(name in converted.components.schemas)) {
    throw new Error(`Schema ${name} is not in the subset`);
  }
  return validateAt(`#/components/schemas/${encodePointerToken(name)}`, body);
}

export function expectMatchesSchema(name: string, body: unknown): void {
  const result = validateSchema(name, body);
  expect(result.valid, `body does not match #/components/schemas/${name}:\n${result.errors}`).toBe(true);
}

/** Validate a body against what the operation declares for `status` (or the UNDECLARED_STATUSES schema). */
export function validateResponse(
  operationId: string,
  status: number,
  body: unknown,
  retired: readonly string[] = [],
): ValidationResult {
  const pointer = responseSchemaPointer(operationId, status);
  if (pointer === undefined) {
    const empty = body === undefined || body === null || body === '';
    return {
      valid: empty,
      errors: empty
        ? ''
        : `  ${operationId} ${status} declares no body, got ${JSON.stringify(body)?.slice(0, 80)}`,
    };
  }
  return validateAt(pointer, body, retired);
}

/**
 * Properties in `body` that the schema does not declare, as instance paths with every array index written as `*`
 * (e.g. `/resources/audit_log`; an item field of a list is `/` + `*` + `/subscribers_count`), sorted. Most of GitHub's schemas leave
 * `additionalProperties` open, so plain validation accepts any extra field (a typo such as `percent` for
 * `import_percent` would pass); this finds them. `oneOf`/`anyOf` follow the first branch the value validates against;
 * `allOf` members' properties are pooled; an explicit `additionalProperties` schema declares every other key.
 */
export function undeclaredProperties(operationId: string, status: number, body: unknown): string[] {
  const pointer = responseSchemaPointer(operationId, status);
  return pointer === undefined ? [] : undeclaredAt(pointer, body);
}

/** As undeclaredProperties, for a named component schema. */
export function undeclaredPropertiesOfSchema(name: string, body: unknown): string[] {
  return undeclaredAt(`#/components/schemas/${encodePointerToken(name)}`, body);
}

function undeclaredAt(pointer: string, body: unknown): string[] {
  const found = new Set<string>();
  walkUndeclared(pointer, body as Json, '', found);
  return [...found].sort();
}

function walkUndeclared(pointer: string, value: Json, at: string, found: Set<string>, depth = 0): void {
  if (depth > 64 || value === null || typeof value !== 'object') return;
  let schema = resolvePointer(converted, pointer);
  while (isObject(schema) && typeof schema.$ref === 'string') {
    pointer = schema.$ref;
    schema = resolvePointer(converted, pointer);
  }
  if (!isObject(schema)) return;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const index = branches.findIndex((_, i) => validatorAt(`${pointer}/${keyword}/${i}`)(value));
    if (index >= 0) walkUndeclared(`${pointer}/${keyword}/${index}`, value, at, found, depth + 1);
    return;
  }
  if (Array.isArray(value)) {
    if (isObject(schema.items))
      for (const item of value) walkUndeclared(`${pointer}/items`, item, `${at}/*`, found, depth + 1);
    return;
  }
  // Pool the properties of this schema and its allOf members (each member's own pointer, for recursion).
  const declared = new Map<string, string>();
  let open: string | boolean = false;
  const members: string[] = [pointer];
  for (let i = 0; i < members.length; i += 1) {
    const memberPointer = members[i] as string;
    let member = resolvePointer(converted, memberPointer);
    let resolved = memberPointer;
    while (isObject(member) && typeof member.$ref === 'string') {
      resolved = member.$ref;
      member = resolvePointer(converted, resolved);
    }
    if (!isObject(member)) continue;
    if (isObject(member.properties)) {
      for (const name of Object.keys(member.properties)) {
        if (!declared.has(name)) declared.set(name, `${resolved}/properties/${encodePointerToken(name)}`);
      }
    }
    if (member.additionalProperties === true) open = true;
    else if (isObject(member.additionalProperties)) open = `${resolved}/additionalProperties`;
    if (Array.isArray(member.allOf)) member.allOf.forEach((_, j) => members.push(`${resolved}/allOf/${j}`));
  }
  if (declared.size === 0 && open === false) return; // a free-form object: nothing is "undeclared"
  for (const [key, child] of Object.entries(value)) {
    const childAt = `${at}/${encodePointerToken(key)}`;
    const childPointer = declared.get(key) ?? (typeof open === 'string' ? open : undefined);
    if (childPointer) walkUndeclared(childPointer, child, childAt, found, depth + 1);
    else if (open !== true) found.add(childAt);
  }
}

export interface MatchOptions {
  /**
   * Properties the body may carry although the schema does not declare them (see undeclaredProperties), each a
   * known, commented divergence. Default `[]`: any undeclared property fails. `'ignore'` skips the check.
   */
  undeclared?: readonly string[] | 'ignore';
  /**
   * Properties a newer API version removed (2026-03-10: `rate`, `has_downloads`): the committed description is
   * 2022-11-28's, so their absence is accepted; everything else it requires still is.
   */
  retired?: readonly string[];
}

/**
 * Assert the status is accepted for the operation, the body matches its declared schema, and the body carries no
 * properties the schema does not declare beyond `options.undeclared`.
 */
export function expectMatchesOperation(
  operationId: string,
  status: number,
  body: unknown,
  options: MatchOptions = {},
): void {
  expectStatusAccepted(operationId, status);
  const result = validateResponse(operationId, status, body, options.retired);
  expect(
    result.valid,
    `${operationId} ${status} body does not match the description:\n${result.errors}`,
  ).toBe(true);
  const allowed = options.undeclared ?? [];
  if (allowed !== 'ignore') {
    expect(
      undeclaredProperties(operationId, status, body),
      `${operationId} ${status}: properties the description does not declare`,
    ).toEqual([...new Set(allowed)].sort());
  }
}

/** Convert an allow-list template (`orgs/{org:login}/repos`) to the description's form (`/orgs/{org}/repos`). */
export function openApiPath(allowListPath: string): string {
  return '/' + allowListPath.replace(/\{(\w+):\w+\}/g, '{$1}');
}
