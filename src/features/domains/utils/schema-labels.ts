import { isRecord } from '@/contracts/json';
import type { JsonSchema } from '@/contracts/registrar';

/**
 * Allowed values and their human labels, whatever the encoding: `oneOf`/`anyOf` of `{const, title}`,
 * `enum` with an `x-enumLabels` map (or array), `enum` with an `enumNames`/`x-enumNames` array, a plain
 * `enum`, or a single `const`.
 */
export type LabelEncoding = 'oneOf' | 'anyOf' | 'x-enumLabels' | 'enumNames' | 'enum' | 'const' | 'none';

export interface LabelledValue {
  value: unknown;
  label?: string;
}

export interface AllowedValues {
  encoding: LabelEncoding;
  values: LabelledValue[];
}

export function isSchema(value: unknown): value is JsonSchema {
  return isRecord(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function constOf(option: JsonSchema): { found: boolean; value?: unknown } {
  if ('const' in option) return { found: true, value: option.const };
  if (Array.isArray(option.enum) && option.enum.length === 1) return { found: true, value: option.enum[0] };
  return { found: false };
}

export function allowedValues(schema: unknown): AllowedValues {
  if (!isSchema(schema)) return { encoding: 'none', values: [] };
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options) || options.length === 0) continue;
    const values: LabelledValue[] = [];
    for (const option of options) {
      if (!isSchema(option)) break;
      const found = constOf(option);
      if (!found.found) break;
      values.push({ value: found.value, label: text(option.title) ?? text(option.description) });
    }
    if (values.length === options.length) return { encoding: keyword, values };
  }
  if (Array.isArray(schema.enum)) {
    const enumValues = schema.enum as unknown[];
    const map = schema['x-enumLabels'];
    if (isSchema(map)) {
      return {
        encoding: 'x-enumLabels',
        values: enumValues.map((value) => ({ value, label: text(map[String(value)]) })),
      };
    }
    const names: unknown = Array.isArray(map) ? map : (schema.enumNames ?? schema['x-enumNames']);
    if (Array.isArray(names)) {
      const labels = names as unknown[];
      return {
        encoding: Array.isArray(map) ? 'x-enumLabels' : 'enumNames',
        values: enumValues.map((value, index) => ({ value, label: text(labels[index]) })),
      };
    }
    return { encoding: 'enum', values: enumValues.map((value) => ({ value })) };
  }
  if ('const' in schema)
    return { encoding: 'const', values: [{ value: schema.const, label: text(schema.title) }] };
  return { encoding: 'none', values: [] };
}

export interface SchemaField {
  name: string;
  title?: string;
  description?: string;
  types: string[];
  required: boolean;
  /** "Required when nexusCategory is C31 or C32", from an if/then rule. */
  requiredWhen?: string;
  allowed: AllowedValues;
  pattern?: string;
}

export function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((type): type is string => typeof type === 'string');
  if ('const' in schema) return [typeof schema.const];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map((value) => typeof value))];
  return [];
}

function conditionText(condition: unknown): string | undefined {
  if (!isSchema(condition) || !isSchema(condition.properties)) return undefined;
  const parts = Object.entries(condition.properties).flatMap(([name, rule]) => {
    if (!isSchema(rule)) return [];
    if (Array.isArray(rule.enum)) return [`${name} is ${rule.enum.map(String).join(' or ')}`];
    if ('const' in rule) return [`${name} is ${String(rule.const)}`];
    return [];
  });
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/** The top-level fields of an object schema, required ones first, with their allowed values. */
export function schemaFields(schema: JsonSchema): SchemaField[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const conditional = new Map<string, string>();
  const rules: unknown[] = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [])];
  for (const rule of rules) {
    if (!isSchema(rule) || !isSchema(rule.then) || !Array.isArray(rule.then.required)) continue;
    const when = conditionText(rule.if);
    if (!when) continue;
    for (const name of rule.then.required) conditional.set(String(name), when);
  }
  const fields = Object.entries(properties).map(([name, property]): SchemaField => {
    const field = isSchema(property) ? property : {};
    return {
      name,
      title: text(field.title),
      description: text(field.description),
      types: typesOf(field),
      required: required.has(name),
      requiredWhen: required.has(name) ? undefined : conditional.get(name),
      allowed: allowedValues(field),
      pattern: text(field.pattern),
    };
  });
  return [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)];
}

export function policyNote(schema: JsonSchema | null): string | undefined {
  return schema ? text(schema['x-policyNote']) : undefined;
}

/**
 * A react-jsonschema-form uiSchema that shows labels for the encodings the form does not read itself
 * (`x-enumLabels`, `enumNames`): `ui:enumNames`. `oneOf`/`anyOf` titles it renders natively.
 */
export function uiSchemaFor(schema: unknown, depth = 0): JsonSchema {
  const ui: JsonSchema = {};
  if (!isSchema(schema) || depth > 8) return ui;
  const allowed = allowedValues(schema);
  if (
    (allowed.encoding === 'x-enumLabels' || allowed.encoding === 'enumNames') &&
    allowed.values.every((value) => value.label)
  ) {
    ui['ui:enumNames'] = allowed.values.map((value) => value.label);
  }
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const child = uiSchemaFor(property, depth + 1);
      if (Object.keys(child).length > 0) ui[name] = child;
    }
  }
  return ui;
}

/** A value as a person reads it (strings as they are, everything else as JSON). */
export function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
