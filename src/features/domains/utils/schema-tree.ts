import type { JsonSchema } from '@/contracts/registrar';
import { allowedValues, isSchema, typesOf, type LabelledValue } from './schema-labels';

/** One node of the schema tree view: a property (or array items, or a combinator branch). */
export interface SchemaNode {
  name: string;
  /** Unique path, used as a React key and an accessible description. */
  path: string;
  types: string[];
  required: boolean;
  title?: string;
  description?: string;
  values: LabelledValue[];
  /** "minimum 1", "pattern ^[A-Z]{2}$"... */
  constraints: string[];
  children: SchemaNode[];
}

const MAX_DEPTH = 8;
const CONSTRAINTS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  '$ref',
  'additionalProperties',
] as const;

export function schemaTree(
  schema: unknown,
  name = 'body',
  path = '$',
  required = false,
  depth = 0,
): SchemaNode {
  const node: SchemaNode = {
    name,
    path,
    types: [],
    required,
    values: [],
    constraints: [],
    children: [],
  };
  if (!isSchema(schema)) {
    node.constraints.push(schema === true ? 'anything' : 'nothing allowed');
    return node;
  }
  node.types = typesOf(schema);
  node.title = typeof schema.title === 'string' ? schema.title : undefined;
  node.description = typeof schema.description === 'string' ? schema.description : undefined;
  const allowed = allowedValues(schema);
  node.values = allowed.values;
  for (const keyword of CONSTRAINTS) {
    if (keyword in schema) node.constraints.push(`${keyword} ${JSON.stringify(schema[keyword])}`);
  }
  if (depth >= MAX_DEPTH) {
    node.constraints.push('deeper levels not shown');
    return node;
  }
  const requiredNames = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  if (isSchema(schema.properties)) {
    for (const [child, childSchema] of Object.entries(schema.properties)) {
      node.children.push(
        schemaTree(childSchema, child, `${path}.${child}`, requiredNames.has(child), depth + 1),
      );
    }
  }
  if (schema.items !== undefined) {
    node.children.push(schemaTree(schema.items, '[items]', `${path}[]`, false, depth + 1));
  }
  if (allowed.encoding !== 'oneOf' && allowed.encoding !== 'anyOf') {
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      const branches = schema[keyword];
      if (!Array.isArray(branches)) continue;
      branches.forEach((branch, index) => {
        node.children.push(
          schemaTree(branch, `${keyword} ${index + 1}`, `${path}/${keyword}/${index}`, false, depth + 1),
        );
      });
    }
  }
  if (isSchema(schema.if)) {
    node.constraints.push('conditional rules (if/then)');
  }
  // Names listed as required without a property definition still deserve a mark.
  for (const name of requiredNames) {
    if (!node.children.some((child) => child.name === name)) {
      node.children.push({
        name,
        path: `${path}.${name}`,
        types: [],
        required: true,
        values: [],
        constraints: ['not described'],
        children: [],
      });
    }
  }
  return node;
}

export function countNodes(node: SchemaNode): number {
  return 1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
}

export type { JsonSchema };
