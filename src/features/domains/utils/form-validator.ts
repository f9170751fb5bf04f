import {
  ANY_OF_KEY,
  createErrorHandler,
  getByPath,
  getDefaultFormState,
  getUiOptions,
  ONE_OF_KEY,
  PROPERTIES_KEY,
  toErrorSchema,
  toPath,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { validateJsonSchema, type SchemaError } from './json-schema-check';

/**
 * react-jsonschema-form's validator on @cfworker/json-schema (an interpreter) instead of Ajv. The schema
 * comes per TLD from the registrar at run time, so nothing can be compiled at build time (Ajv's standalone
 * code), and the page's policy (`script-src 'self'`, no 'unsafe-eval') forbids Ajv's run-time `new Function`:
 * interpreting is the only way here, and the page no longer ships a code generator it cannot use.
 *
 * The errors are turned into rjsf's shape as @rjsf/validator-ajv8 does (processRawValidationErrors.ts):
 * property path, message, stack with the field's title, and oneOf/anyOf duplicates dropped.
 */
type Data = unknown;

/** `/a/b` → `.a.b`, and a missing property joins the path (`.a.b.missing`), as rjsf expects. */
function propertyOf(error: SchemaError): string {
  const property = error.instancePath.replace(/\//g, '.');
  if (error.keyword !== 'required') return property;
  const missing = String(error.params.missingProperty);
  return property ? `${property}.${missing}` : missing;
}

const asTitle = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The field's title as rjsf's stack line names it: from the uiSchema, else from the schema that holds the
 * keyword (for `required`, the missing property's own title), else from the root by the data path.
 */
function titleOf(error: SchemaError, schema: RJSFSchema, uiSchema?: UiSchema): string | undefined {
  const path = toPath(propertyOf(error).replace(/^\./, ''));
  const fromUi = getUiOptions<unknown, RJSFSchema>(getByPath(uiSchema, path)).title;
  if (fromUi) return fromUi;
  if (error.keyword !== 'required') return asTitle(getByPath(error.parentSchema, ['title']));
  const missing = String(error.params.missingProperty);
  return (
    asTitle(getByPath(error.parentSchema, [PROPERTIES_KEY, missing, 'title'])) ??
    asTitle(getByPath(schema, [...path.flatMap((part) => [PROPERTIES_KEY, part]), 'title']))
  );
}

/** One message per oneOf/anyOf branch point: every failing option repeats the same complaint. */
function withoutDuplicates(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.reduce<RJSFValidationError[]>((kept, error) => {
    const at = [ANY_OF_KEY, ONE_OF_KEY]
      .map((key) => error.schemaPath?.indexOf(`/${key}/`) ?? -1)
      .find((index) => index > 0);
    const prefix = at === undefined ? undefined : error.schemaPath?.slice(0, at);
    const duplicate =
      prefix !== undefined &&
      kept.some((other) => other.message === error.message && other.schemaPath?.startsWith(prefix));
    if (!duplicate) kept.push(error);
    return kept;
  }, []);
}

export function toValidationErrors(
  errors: SchemaError[],
  schema: RJSFSchema,
  uiSchema?: UiSchema,
): RJSFValidationError[] {
  return withoutDuplicates(
    errors.map((error) => {
      const property = propertyOf(error);
      const title = titleOf(error, schema, uiSchema);
      let message = error.message;
      let stack = `${error.instancePath.replace(/\//g, '.')} ${message}`.trim();
      if (error.keyword === 'required') {
        if (title) message = message.replace(`'${String(error.params.missingProperty)}'`, `'${title}'`);
        stack = message;
      } else if (title) {
        stack = `'${title}' ${message}`;
      }
      return {
        name: error.keyword,
        property,
        message,
        params: error.params,
        stack,
        schemaPath: error.schemaPath,
        title: title ?? '',
      };
    }),
  );
}

export class InterpretingValidator implements ValidatorType<Data, RJSFSchema> {
  rawValidation<Result = SchemaError>(
    schema: RJSFSchema,
    formData?: Data,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      return { errors: validateJsonSchema(schema, formData) as Result[] };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  validateFormData(
    formData: Data,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Data, RJSFSchema>,
    transformErrors?: ErrorTransformer<Data, RJSFSchema>,
    uiSchema?: UiSchema<Data, RJSFSchema>,
  ): ValidationData<Data> {
    const raw = this.rawValidation<SchemaError>(schema, formData);
    let errors = toValidationErrors(raw.errors ?? [], schema, uiSchema);
    const refusal = raw.validationError?.message;
    if (refusal) errors = [...errors, { stack: refusal }];
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    let errorSchema = toErrorSchema<Data>(errors);
    if (refusal) errorSchema = { ...errorSchema, $schema: { __errors: [refusal] } } as ErrorSchema<Data>;
    if (!customValidate) return { errors, errorSchema };
    const withDefaults = getDefaultFormState<Data, RJSFSchema>(this, schema, formData, schema, true);
    const handler = customValidate(
      withDefaults,
      createErrorHandler<Data>(withDefaults),
      uiSchema,
      errorSchema,
    );
    return validationDataMerge<Data>({ errors, errorSchema }, unwrapErrorHandler<Data>(handler));
  }

  /** rjsf picks oneOf/anyOf options and `if` branches with this; a refused schema matches nothing. */
  isValid(schema: RJSFSchema, formData: Data, rootSchema: RJSFSchema): boolean {
    try {
      return validateJsonSchema(schema, formData, rootSchema ?? schema).length === 0;
    } catch {
      return false;
    }
  }

  /** Nothing to clear: prepared schemas are held weakly by the schema objects they came from. */
  reset(): void {}
}
