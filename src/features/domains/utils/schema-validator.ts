import type { JsonSchema } from '@/contracts/registrar';
import { InterpretingValidator } from './form-validator';
import { validateJsonSchema, type SchemaError } from './json-schema-check';

/**
 * Draft 2020-12 validation for the form and for the result body, both through `validateJsonSchema`
 * (@cfworker/json-schema, an interpreter; no code generation, which the page's policy forbids). Not strict:
 * registrars add their own `x-*` keywords. Only the lazily loaded payload builder imports this module.
 */
export const formValidator = new InterpretingValidator();

export interface BodyCheck {
  valid: boolean;
  problems: string[];
  /** Set when the schema itself cannot be used. */
  schemaError?: string;
}

function describe(error: SchemaError): string {
  if (error.keyword === 'required') {
    return `${String(error.params.missingProperty)}: required`;
  }
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'body';
  return `${where}: ${error.message}`;
}

export function checkBody(schema: JsonSchema, body: unknown): BodyCheck {
  try {
    const errors = validateJsonSchema(schema, body);
    return { valid: errors.length === 0, problems: errors.filter((e) => e.keyword !== 'if').map(describe) };
  } catch (error) {
    return {
      valid: false,
      problems: [],
      schemaError: error instanceof Error ? error.message : String(error),
    };
  }
}
