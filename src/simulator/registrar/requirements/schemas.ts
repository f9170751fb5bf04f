/**
 * Building blocks of the simulated `requestSchema` (the `/domain/create` body) and of the registry
 * eligibility schemas. Label encodings vary on purpose across TLDs: `oneOf` of `const`/`title`, `enum` with
 * an `x-enumLabels` map or an `enumNames` array, and plain `enum` (see docs/domains.md).
 */
export type JsonSchema = Record<string, unknown>;

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

export interface CreateSchemaOptions {
  tld: string;
  years: number;
  /** Price per year in US cents. */
  priceCents: number;
  whoisPrivacy: boolean;
  /** How `agreeToTerms` labels its values. */
  agreeEncoding: 'enum' | 'oneOf';
  /** Extra create-body properties this TLD accepts, and which of them are required. */
  extraProperties?: Record<string, JsonSchema>;
  extraRequired?: string[];
  closed?: boolean;
}

/** The `/domain/create` body for one TLD. */
export function createRequestSchema(options: CreateSchemaOptions): JsonSchema {
  const { tld, years, priceCents } = options;
  const total = priceCents * years;
  const agreeToTerms: JsonSchema =
    options.agreeEncoding === 'enum'
      ? { enum: ['yes', '1'] }
      : {
          type: 'string',
          title: 'Agree to terms',
          oneOf: [
            { const: 'yes', title: 'Yes, I agree' },
            { const: '1', title: '1 (same as yes)' },
          ],
        };
  agreeToTerms.description =
    'Agree to the Domain Name Registration Agreement, Terms of Service, Privacy Policy and auto-renewal terms.';
  return {
    $schema: DRAFT_2020_12,
    title: `domain/create request for .${tld}`,
    type: 'object',
    required: ['cost', 'agreeToTerms', ...(options.extraRequired ?? [])],
    properties: {
      cost: {
        type: 'integer',
        title: 'Cost (US cents)',
        minimum: 1,
        examples: [total],
        description: `Total price in US cents for the fixed term of ${years} year${years === 1 ? '' : 's'}. Must equal the checkDomain quote × ${years} (simulator: ${total}).`,
      },
      agreeToTerms,
      ...(options.whoisPrivacy
        ? {
            whoisPrivacy: {
              type: 'boolean',
              title: 'WHOIS privacy',
              description: 'Override the account’s WHOIS privacy default.',
            },
          }
        : {}),
      dryRun: {
        type: 'boolean',
        title: 'Dry run',
        description: 'Run every pre-flight check without creating an order or charging.',
      },
      ...options.extraProperties,
    },
    ...(options.closed ? { additionalProperties: false } : {}),
    'x-registrationDurationYears': years,
  };
}

/** The minimal schema the registrar sends for website-only TLDs. */
export const MINIMAL_REQUEST_SCHEMA: JsonSchema = { $schema: DRAFT_2020_12, type: 'object' };

export const WEBSITE_ONLY_REASON =
  'This TLD has registry eligibility requirements that the API cannot currently submit; register it through the website at https://porkbun.com.';

export function registrySchema(
  tld: string,
  properties: Record<string, JsonSchema>,
  required: string[],
  policyNote: string,
  extra: JsonSchema = {},
): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    title: `Registry eligibility data for .${tld}`,
    type: 'object',
    required,
    properties,
    ...extra,
    'x-policyNote': policyNote,
  };
}

/** `oneOf` of `{const, title}`. */
export function oneOfLabels(title: string, values: readonly (readonly [string, string])[]): JsonSchema {
  return { type: 'string', title, oneOf: values.map(([value, label]) => ({ const: value, title: label })) };
}

/** `enum` plus an `x-enumLabels` map from value to label. */
export function enumWithLabelMap(title: string, values: readonly (readonly [string, string])[]): JsonSchema {
  return {
    type: 'string',
    title,
    enum: values.map(([value]) => value),
    'x-enumLabels': Object.fromEntries(values),
  };
}

/** `enum` plus a parallel `enumNames` array (the older react-jsonschema-form convention). */
export function enumWithNames(title: string, values: readonly (readonly [string, string])[]): JsonSchema {
  return {
    type: 'string',
    title,
    enum: values.map(([value]) => value),
    enumNames: values.map(([, label]) => label),
  };
}

/** A plain `enum`: values only, no labels. */
export function plainEnum(title: string, values: readonly string[]): JsonSchema {
  return { type: 'string', title, enum: [...values] };
}
