import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '@/contracts/registrar';
import { validateJsonSchema, type SchemaError } from './json-schema-check';

/**
 * Draft 2020-12 validation for the form (react-jsonschema-form's ajv8 validator built on Ajv2020) and for
 * the result body. Not strict: registrars add their own `x-*` keywords. Only the lazily loaded payload
 * builder imports this module, so ajv and rjsf ship with the domains page alone.
 *
 * Ajv compiles schemas to JavaScript with `new Function`; Ferry's Content-Security-Policy (`script-src
 * 'self'`, no 'unsafe-eval') forbids that in the browser. Where code generation is refused, validation runs
 * through `validateJsonSchema` (@cfworker/json-schema, which interprets
 * schemas), with Ajv's error shape, wired into the same rjsf validator.
 */
// `logger: false`: under the policy the probe below fails by design, and Ajv would log that as a long
// "Error compiling schema" on every lookup.
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });

/** Whether Ajv may compile here: a trivial schema compiles unless the page's policy forbids eval. */
export function canGenerateCode(): boolean {
  try {
    return ajv.compile({ type: 'null' })(null);
  } catch {
    return false;
  }
}

export const codeGenerationAllowed = canGenerateCode();

export const formValidator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, allErrors: true, logger: false },
});

if (!codeGenerationAllowed) {
  const interpreted = Object.assign(formValidator, {
    rawValidation(schema: RJSFSchema, formData?: unknown) {
      try {
        return { errors: validateJsonSchema(schema, formData) as ErrorObject[] };
      } catch (error) {
        return { validationError: error instanceof Error ? error : new Error(String(error)) };
      }
    },
    isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) {
      try {
        return validateJsonSchema(schema, formData, rootSchema).length === 0;
      } catch {
        return false;
      }
    },
  });
  void interpreted;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const compiled = new WeakMap<object, Validate | Error>();

export interface BodyCheck {
  valid: boolean;
  problems: string[];
  /** Set when the schema itself cannot be used. */
  schemaError?: string;
}

function describe(error: ErrorObject | SchemaError): string {
  if (error.keyword === 'required') {
    return `${String((error.params as { missingProperty?: string }).missingProperty)}: required`;
  }
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'body';
  return `${where}: ${error.message ?? error.keyword}`;
}

function interpret(schema: JsonSchema, body: unknown): BodyCheck {
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

export function checkBody(schema: JsonSchema, body: unknown): BodyCheck {
  if (!codeGenerationAllowed) return interpret(schema, body);
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
