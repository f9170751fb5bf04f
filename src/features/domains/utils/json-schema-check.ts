/**
 * A JSON Schema (draft 2020-12) validator that interprets the schema instead of generating code, for pages
 * served under a Content-Security-Policy without 'unsafe-eval' (Ajv compiles schemas with `new Function`,
 * which that policy forbids). Errors have Ajv's shape and messages so react-jsonschema-form places them
 * the same way. Tests check it against Ajv2020 on the registrar catalogue. Not covered:
 * `unevaluatedProperties`/`unevaluatedItems`, `$dynamicRef`, remote `$ref`s; `format` is an annotation.
 */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

type Schema = Record<string, unknown>;
const MAX_DEPTH = 64;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]))
    );
  }
  return false;
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    default:
      return false;
  }
}

const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePart = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
const regexCache = new Map<string, RegExp | null>();

function regex(pattern: string): RegExp | null {
  if (!regexCache.has(pattern)) {
    try {
      regexCache.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      regexCache.set(pattern, null);
    }
  }
  return regexCache.get(pattern) ?? null;
}

class Checker {
  private readonly ids = new Map<string, unknown>();

  constructor(private readonly root: unknown) {
    this.collectIds(root, 0);
  }

  private collectIds(schema: unknown, depth: number) {
    if (depth > MAX_DEPTH || typeof schema !== 'object' || schema === null) return;
    if (isObject(schema) && typeof schema.$id === 'string') this.ids.set(schema.$id, schema);
    for (const value of Object.values(schema)) this.collectIds(value, depth + 1);
  }

  resolve(ref: string): unknown {
    if (this.ids.has(ref)) return this.ids.get(ref);
    const hash = ref.indexOf('#');
    const base = hash > 0 ? ref.slice(0, hash) : '';
    let target: unknown = base ? this.ids.get(base) : this.root;
    if (target === undefined) throw new Error(`can't resolve reference ${ref}`);
    const pointer = hash >= 0 ? ref.slice(hash + 1) : '';
    for (const part of pointer.split('/').slice(1)) {
      if (typeof target !== 'object' || target === null) throw new Error(`can't resolve reference ${ref}`);
      target = (target as Record<string, unknown>)[unescapePart(part)];
    }
    if (target === undefined) throw new Error(`can't resolve reference ${ref}`);
    return target;
  }

  check(schema: unknown, data: unknown, path: string, schemaPath: string, depth = 0): SchemaError[] {
    if (schema === true || schema === undefined) return [];
    const error = (
      keyword: string,
      message: string,
      params: Record<string, unknown> = {},
      at = path,
    ): SchemaError => ({
      instancePath: at,
      schemaPath: `${schemaPath}/${keyword}`,
      keyword,
      params,
      message,
    });
    if (schema === false) return [error('false schema', 'boolean schema is false')];
    if (!isObject(schema) || depth > MAX_DEPTH) return [];
    const errors: SchemaError[] = [];
    const sub = (child: unknown, value: unknown, childPath: string, keywordPath: string) =>
      this.check(child, value, childPath, `${schemaPath}/${keywordPath}`, depth + 1);
    const passes = (child: unknown, keywordPath: string) => sub(child, data, path, keywordPath).length === 0;

    if (typeof schema.$ref === 'string') errors.push(...sub(this.resolve(schema.$ref), data, path, '$ref'));
    if (schema.type !== undefined) {
      const types = (Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type]).filter(
        (type): type is string => typeof type === 'string',
      );
      if (!types.some((type) => typeMatches(type, data))) {
        return [...errors, error('type', `must be ${types.join(',')}`, { type: types.join(',') })];
      }
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((value) => deepEqual(value, data))) {
      errors.push(
        error('enum', 'must be equal to one of the allowed values', { allowedValues: schema.enum }),
      );
    }
    if ('const' in schema && !deepEqual(schema.const, data)) {
      errors.push(error('const', 'must be equal to constant', { allowedValue: schema.const }));
    }
    if (typeof data === 'number') this.checkNumber(schema, data, error, errors);
    if (typeof data === 'string') this.checkString(schema, data, error, errors);
    if (Array.isArray(data)) this.checkArray(schema, data, path, error, errors, sub);
    if (isObject(data)) this.checkObject(schema, data, path, error, errors, sub);

    if (Array.isArray(schema.allOf))
      schema.allOf.forEach((child, i) => errors.push(...sub(child, data, path, `allOf/${i}`)));
    if (Array.isArray(schema.anyOf) && !schema.anyOf.some((child, i) => passes(child, `anyOf/${i}`))) {
      errors.push(error('anyOf', 'must match a schema in anyOf'));
    }
    if (Array.isArray(schema.oneOf)) {
      const passing = schema.oneOf.flatMap((child, i) => (passes(child, `oneOf/${i}`) ? [i] : []));
      if (passing.length !== 1) {
        errors.push(
          error('oneOf', 'must match exactly one schema in oneOf', {
            passingSchemas: passing.length > 1 ? passing : null,
          }),
        );
      }
    }
    if (schema.not !== undefined && passes(schema.not, 'not')) errors.push(error('not', 'must NOT be valid'));
    if (schema.if !== undefined) {
      const branch = passes(schema.if, 'if') ? 'then' : 'else';
      if (schema[branch] !== undefined) {
        const branchErrors = sub(schema[branch], data, path, branch);
        if (branchErrors.length > 0) {
          errors.push(
            ...branchErrors,
            error('if', `must match "${branch}" schema`, { failingKeyword: branch }),
          );
        }
      }
    }
    return errors;
  }

  private checkNumber(schema: Schema, data: number, error: ErrorFactory, errors: SchemaError[]) {
    const limit = (keyword: string, ok: (limit: number) => boolean, comparison: string) => {
      const value = schema[keyword];
      if (typeof value === 'number' && !ok(value)) {
        errors.push(error(keyword, `must be ${comparison} ${value}`, { comparison, limit: value }));
      }
    };
    limit('maximum', (max) => data <= max, '<=');
    limit('minimum', (min) => data >= min, '>=');
    limit('exclusiveMaximum', (max) => data < max, '<');
    limit('exclusiveMinimum', (min) => data > min, '>');
    if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
      const quotient = data / schema.multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
        errors.push(
          error('multipleOf', `must be multiple of ${schema.multipleOf}`, { multipleOf: schema.multipleOf }),
        );
      }
    }
  }

  private checkString(schema: Schema, data: string, error: ErrorFactory, errors: SchemaError[]) {
    const length = [...data].length;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      errors.push(
        error('maxLength', `must NOT have more than ${schema.maxLength} characters`, {
          limit: schema.maxLength,
        }),
      );
    }
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      errors.push(
        error('minLength', `must NOT have fewer than ${schema.minLength} characters`, {
          limit: schema.minLength,
        }),
      );
    }
    if (typeof schema.pattern === 'string') {
      const pattern = regex(schema.pattern);
      if (pattern && !pattern.test(data)) {
        errors.push(error('pattern', `must match pattern "${schema.pattern}"`, { pattern: schema.pattern }));
      }
    }
  }

  private checkArray(
    schema: Schema,
    data: unknown[],
    path: string,
    error: ErrorFactory,
    errors: SchemaError[],
    sub: Sub,
  ) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    data.forEach((item, i) => {
      if (i < prefix.length) errors.push(...sub(prefix[i], item, `${path}/${i}`, `prefixItems/${i}`));
      else if (schema.items !== undefined) errors.push(...sub(schema.items, item, `${path}/${i}`, 'items'));
    });
    if (typeof schema.maxItems === 'number' && data.length > schema.maxItems) {
      errors.push(
        error('maxItems', `must NOT have more than ${schema.maxItems} items`, { limit: schema.maxItems }),
      );
    }
    if (typeof schema.minItems === 'number' && data.length < schema.minItems) {
      errors.push(
        error('minItems', `must NOT have fewer than ${schema.minItems} items`, { limit: schema.minItems }),
      );
    }
    if (schema.uniqueItems === true) {
      for (let i = 1; i < data.length; i += 1) {
        const j = data.slice(0, i).findIndex((other) => deepEqual(other, data[i]));
        if (j >= 0) {
          errors.push(
            error('uniqueItems', `must NOT have duplicate items (items ## ${j} and ${i} are identical)`, {
              i,
              j,
            }),
          );
          break;
        }
      }
    }
    if (schema.contains !== undefined) {
      const count = data.filter(
        (item, i) => sub(schema.contains, item, `${path}/${i}`, 'contains').length === 0,
      ).length;
      const min = typeof schema.minContains === 'number' ? schema.minContains : 1;
      const max = typeof schema.maxContains === 'number' ? schema.maxContains : Infinity;
      if (count < min || count > max) {
        errors.push(error('contains', `must contain at least ${min} valid item(s)`, { minContains: min }));
      }
    }
  }

  private checkObject(
    schema: Schema,
    data: Record<string, unknown>,
    path: string,
    error: ErrorFactory,
    errors: SchemaError[],
    sub: Sub,
  ) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    if (Array.isArray(schema.required)) {
      for (const name of schema.required.map(String)) {
        if (!(name in data)) {
          errors.push(error('required', `must have required property '${name}'`, { missingProperty: name }));
        }
      }
    }
    if (isObject(schema.dependentRequired)) {
      for (const [name, needed] of Object.entries(schema.dependentRequired)) {
        if (!(name in data) || !Array.isArray(needed)) continue;
        for (const other of needed.map(String)) {
          if (!(other in data)) {
            errors.push(
              error('dependentRequired', `must have property ${other} when property ${name} is present`, {
                property: name,
                missingProperty: other,
              }),
            );
          }
        }
      }
    }
    if (isObject(schema.dependentSchemas)) {
      for (const [name, dependent] of Object.entries(schema.dependentSchemas)) {
        if (name in data) errors.push(...sub(dependent, data, path, `dependentSchemas/${pointerPart(name)}`));
      }
    }
    const count = Object.keys(data).length;
    if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) {
      errors.push(
        error('maxProperties', `must NOT have more than ${schema.maxProperties} properties`, {
          limit: schema.maxProperties,
        }),
      );
    }
    if (typeof schema.minProperties === 'number' && count < schema.minProperties) {
      errors.push(
        error('minProperties', `must NOT have fewer than ${schema.minProperties} properties`, {
          limit: schema.minProperties,
        }),
      );
    }
    for (const [name, value] of Object.entries(data)) {
      const childPath = `${path}/${pointerPart(name)}`;
      let known = false;
      if (name in properties) {
        known = true;
        errors.push(...sub(properties[name], value, childPath, `properties/${pointerPart(name)}`));
      }
      for (const [pattern, child] of patterns) {
        if (regex(pattern)?.test(name)) {
          known = true;
          errors.push(...sub(child, value, childPath, `patternProperties/${pointerPart(pattern)}`));
        }
      }
      if (!known && schema.additionalProperties !== undefined) {
        if (schema.additionalProperties === false) {
          errors.push(
            error('additionalProperties', 'must NOT have additional properties', {
              additionalProperty: name,
            }),
          );
        } else {
          errors.push(...sub(schema.additionalProperties, value, childPath, 'additionalProperties'));
        }
      }
      if (
        schema.propertyNames !== undefined &&
        sub(schema.propertyNames, name, childPath, 'propertyNames').length > 0
      ) {
        errors.push(error('propertyNames', 'property name must be valid', { propertyName: name }));
      }
    }
  }
}

type ErrorFactory = (
  keyword: string,
  message: string,
  params?: Record<string, unknown>,
  at?: string,
) => SchemaError;
type Sub = (child: unknown, value: unknown, childPath: string, keywordPath: string) => SchemaError[];

/** Validate `data` against `schema`; `$ref`s resolve against `root`. Throws when a reference cannot be resolved. */
export function validateJsonSchema(schema: unknown, data: unknown, root: unknown = schema): SchemaError[] {
  return new Checker(root).check(schema, data, '', '#');
}
