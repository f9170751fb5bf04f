import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '@/contracts/registrar';

/**
 * Draft 2020-12 validation, for the form (react-jsonschema-form's ajv8 validator built on Ajv2020) and for
 * the result body. Not strict: registrars add their own `x-*` keywords. Only the lazily loaded payload
 * builder imports this module, so ajv and rjsf ship with the domains page alone.
 */
export const formValidator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, allErrors: true },
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const compiled = new WeakMap<object, Validate | Error>();

export interface BodyCheck {
  valid: boolean;
  problems: string[];
  /** Set when the schema itself cannot be compiled. */
  schemaError?: string;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'body';
  if (error.keyword === 'required') {
    return `${String((error.params as { missingProperty?: string }).missingProperty)}: required`;
  }
  return `${where}: ${error.message ?? error.keyword}`;
}

export function checkBody(schema: JsonSchema, body: unknown): BodyCheck {
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = ajv.compile(schema) as Validate;
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(schema, validate);
  }
  if (validate instanceof Error) return { valid: false, problems: [], schemaError: validate.message };
  const valid = validate(body);
  return { valid, problems: valid ? [] : (validate.errors ?? []).map(describe) };
}
