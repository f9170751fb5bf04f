import {
  AU_ELIGIBILITY_TYPES,
  AU_ID_TYPES,
  CA_LEGAL_TYPES,
  DE_CONTACT_TYPES,
  EU_EEA_COUNTRIES,
  EU_ENTITY_TYPES,
  UK_CONTACT_TYPES,
  US_APP_PURPOSES,
  US_NEXUS_CATEGORIES,
} from './registry-values';
import {
  createRequestSchema,
  enumWithLabelMap,
  enumWithNames,
  MINIMAL_REQUEST_SCHEMA,
  oneOfLabels,
  plainEnum,
  registrySchema,
  WEBSITE_ONLY_REASON,
  type JsonSchema,
} from './schemas';
import { ROOT_ZONE_TLDS } from './root-zone';

/** One TLD as the simulated registrar describes it. */
export interface CatalogueEntry {
  tld: string;
  apiRegisterable: boolean;
  notApiRegisterableReason?: string;
  registrationDurationYears: number;
  /** `undefined` = the field is omitted from the answer; `null` = sent as null ("unspecified"). */
  maxRegistrationYears?: number | null;
  whoisPrivacySupported: boolean;
  requiresValidatedAddress: boolean;
  registrantOnly: boolean;
  requestSchema: JsonSchema;
  /** `undefined` = omitted, `null` = sent as null: both mean "no extra requirements". */
  registryRequirements?: JsonSchema | null;
  /** Create bodies that satisfy `requestSchema` (the tests check each validates). */
  examples: Record<string, unknown>[];
  /** Eligibility data that satisfies `registryRequirements`. */
  registryExamples?: Record<string, unknown>[];
}

interface GenericOptions {
  priceCents: number;
  years?: number;
  max?: number | null;
  privacy?: boolean;
  agree?: 'enum' | 'oneOf';
  omitRegistry?: boolean;
}

function generic(tld: string, options: GenericOptions): CatalogueEntry {
  const years = options.years ?? 1;
  const privacy = options.privacy ?? true;
  return {
    tld,
    apiRegisterable: true,
    registrationDurationYears: years,
    ...(options.max === undefined ? {} : { maxRegistrationYears: options.max }),
    whoisPrivacySupported: privacy,
    requiresValidatedAddress: false,
    registrantOnly: false,
    requestSchema: createRequestSchema({
      tld,
      years,
      priceCents: options.priceCents,
      whoisPrivacy: privacy,
      agreeEncoding: options.agree ?? 'oneOf',
    }),
    ...(options.omitRegistry ? {} : { registryRequirements: null }),
    examples: [
      { cost: options.priceCents * years, agreeToTerms: 'yes' },
      { cost: options.priceCents * years, agreeToTerms: '1', dryRun: true },
    ],
  };
}

function websiteOnly(
  entry: Omit<CatalogueEntry, 'apiRegisterable' | 'notApiRegisterableReason' | 'requestSchema' | 'examples'>,
): CatalogueEntry {
  return {
    ...entry,
    apiRegisterable: false,
    notApiRegisterableReason: WEBSITE_ONLY_REASON,
    requestSchema: MINIMAL_REQUEST_SCHEMA,
    examples: [{}],
  };
}

const US_REQUIREMENTS = registrySchema(
  'us',
  {
    nexusCategory: oneOfLabels('Nexus category', US_NEXUS_CATEGORIES),
    appPurpose: enumWithLabelMap('Application purpose', US_APP_PURPOSES),
    nexusCountry: {
      type: 'string',
      title: 'Nexus country (only for C31/C32)',
      pattern: '^[A-Z]{2}$',
      description: 'Two-letter country code of the foreign entity.',
    },
  },
  ['nexusCategory', 'appPurpose'],
  'Inaccurate nexus data can lead to seizure without refund.',
  {
    if: { properties: { nexusCategory: { enum: ['C31', 'C32'] } }, required: ['nexusCategory'] },
    then: { required: ['nexusCountry'] },
  },
);

const CA_REQUIREMENTS = registrySchema(
  'ca',
  { legalType: enumWithLabelMap('CIRA legal type (Canadian Presence Requirement)', CA_LEGAL_TYPES) },
  ['legalType'],
  'Every .ca registrant must meet CIRA’s Canadian Presence Requirements; corporation names must carry a status identifier such as Inc. or Ltd.',
);

const EU_REQUIREMENTS = registrySchema(
  'eu',
  {
    entityType: {
      type: 'string',
      title: 'Registrant type',
      anyOf: EU_ENTITY_TYPES.map(([value, label]) => ({ const: value, title: label })),
    },
    countryOfCitizenship: plainEnum('Country of citizenship (EU/EEA)', EU_EEA_COUNTRIES),
  },
  ['entityType'],
  'Registrants must be established in the EU/EEA or, for individuals, hold EU citizenship; a privacy proxy is not allowed.',
);

const AU_REQUIREMENTS = registrySchema(
  'au',
  {
    eligibilityType: plainEnum('Eligibility type', AU_ELIGIBILITY_TYPES),
    eligibilityIdType: enumWithNames('Eligibility ID type', AU_ID_TYPES),
    eligibilityId: { type: 'string', title: 'Eligibility ID', minLength: 1, maxLength: 40 },
  },
  ['eligibilityType', 'eligibilityIdType', 'eligibilityId'],
  'auDA requires an Australian presence; the name must match or be closely connected to the registrant.',
);

const UK_REQUIREMENTS = registrySchema(
  'uk',
  {
    contactType: oneOfLabels('Nominet registrant type', UK_CONTACT_TYPES),
    companyNumber: { type: 'string', title: 'Company number', pattern: '^[A-Z0-9]{8}$' },
  },
  ['contactType'],
  'Nominet validates registrant details; UK companies must give their Companies House number.',
);

const DE_REQUIREMENTS = registrySchema(
  'de',
  { contactType: enumWithLabelMap('DENIC holder type', DE_CONTACT_TYPES) },
  ['contactType'],
  'DENIC requires a postal address in Germany for the administrative contact of holders outside Germany.',
);

/** The simulated registrar's TLDs (the lookup key is the lower-case ASCII TLD). */
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    // The published .com fixture's minimal shape (no `registryRequirements` at all), with the simulator's
    // descriptions.
    ...generic('com', { priceCents: 1108, max: 10, agree: 'enum', omitRegistry: true }),
  },
  generic('net', { priceCents: 1252, max: 10 }),
  generic('org', { priceCents: 1069, max: 10, agree: 'enum' }),
  generic('xyz', { priceCents: 1200, omitRegistry: true }),
  generic('io', { priceCents: 5180, max: null }),
  generic('dev', { priceCents: 1236, max: null }),
  generic('app', { priceCents: 1434, max: null, agree: 'enum' }),
  generic('studio', { priceCents: 2495, max: null }),
  // .ai: a two-year minimum; the API registers exactly the fixed term.
  generic('ai', { priceCents: 7000, years: 2, max: 10 }),
  // An internationalised TLD: .みんな (“everyone”), sent in its ASCII (punycode) form.
  generic('xn--q9jyb4c', { priceCents: 1999, max: 10 }),
  {
    ...generic('co.uk', { priceCents: 795, max: 10 }),
    requiresValidatedAddress: true,
    requestSchema: createRequestSchema({
      tld: 'co.uk',
      years: 1,
      priceCents: 795,
      whoisPrivacy: true,
      agreeEncoding: 'oneOf',
      extraProperties: {
        registrantType: enumWithNames('Nominet registrant type', UK_CONTACT_TYPES),
        companyNumber: {
          type: 'string',
          title: 'Companies House number',
          pattern: '^[A-Z0-9]{8}$',
          description: 'Eight characters, for UK companies (LTD, PLC, LLP).',
        },
      },
      extraRequired: ['registrantType'],
    }),
    examples: [
      { cost: 795, agreeToTerms: 'yes', registrantType: 'IND' },
      { cost: 795, agreeToTerms: '1', registrantType: 'LTD', companyNumber: '01234567', dryRun: true },
    ],
  },
  {
    tld: 'de',
    apiRegisterable: true,
    registrationDurationYears: 1,
    maxRegistrationYears: 10,
    whoisPrivacySupported: false,
    requiresValidatedAddress: true,
    registrantOnly: true,
    requestSchema: createRequestSchema({
      tld: 'de',
      years: 1,
      priceCents: 599,
      whoisPrivacy: false,
      agreeEncoding: 'enum',
      closed: true,
    }),
    registryRequirements: DE_REQUIREMENTS,
    examples: [{ cost: 599, agreeToTerms: 'yes', dryRun: true }],
    registryExamples: [{ contactType: 'PERSON' }],
  },
  websiteOnly({
    tld: 'us',
    registrationDurationYears: 1,
    whoisPrivacySupported: false,
    requiresValidatedAddress: true,
    registrantOnly: true,
    registryRequirements: US_REQUIREMENTS,
    registryExamples: [
      { nexusCategory: 'C11', appPurpose: 'P3' },
      { nexusCategory: 'C31', appPurpose: 'P1', nexusCountry: 'CA' },
    ],
  }),
  websiteOnly({
    tld: 'ca',
    registrationDurationYears: 1,
    maxRegistrationYears: 10,
    whoisPrivacySupported: true,
    requiresValidatedAddress: true,
    registrantOnly: false,
    registryRequirements: CA_REQUIREMENTS,
    registryExamples: [{ legalType: 'CCT' }, { legalType: 'MAJ' }],
  }),
  websiteOnly({
    tld: 'eu',
    registrationDurationYears: 1,
    maxRegistrationYears: 10,
    whoisPrivacySupported: false,
    requiresValidatedAddress: true,
    registrantOnly: false,
    registryRequirements: EU_REQUIREMENTS,
    registryExamples: [{ entityType: 'individual', countryOfCitizenship: 'IE' }, { entityType: 'company' }],
  }),
  websiteOnly({
    tld: 'au',
    registrationDurationYears: 1,
    maxRegistrationYears: 5,
    whoisPrivacySupported: false,
    requiresValidatedAddress: true,
    registrantOnly: true,
    registryRequirements: AU_REQUIREMENTS,
    registryExamples: [
      { eligibilityType: 'Company', eligibilityIdType: 'ACN', eligibilityId: '004 085 616' },
    ],
  }),
  websiteOnly({
    tld: 'uk',
    registrationDurationYears: 1,
    maxRegistrationYears: 10,
    whoisPrivacySupported: true,
    requiresValidatedAddress: true,
    registrantOnly: false,
    registryRequirements: UK_REQUIREMENTS,
    registryExamples: [{ contactType: 'LTD', companyNumber: '01234567' }],
  }),
];

const BY_TLD = new Map(CATALOGUE.map((entry) => [entry.tld, entry]));

/** A stable price between $5 and $45 a year for a TLD outside the curated catalogue. */
function priceOf(tld: string): number {
  let hash = 0;
  for (const char of tld) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return 500 + (hash % 4000);
}

const ROOT_ZONE_ENTRIES = new Map<string, CatalogueEntry>();

/**
 * The curated catalogue first (special cases: terms, registry requirements, website-only TLDs), then every other
 * TLD of the root zone with a generic answer (one-year term, up to ten, WHOIS privacy, no registry requirements:
 * the field omitted, as the published fixtures omit it). Anything else is not a TLD: `undefined`.
 */
export function findTld(tld: string): CatalogueEntry | undefined {
  const curated = BY_TLD.get(tld);
  if (curated) return curated;
  if (!ROOT_ZONE_TLDS.has(tld)) return undefined;
  let entry = ROOT_ZONE_ENTRIES.get(tld);
  if (!entry) {
    entry = generic(tld, { priceCents: priceOf(tld), max: 10, omitRegistry: true });
    ROOT_ZONE_ENTRIES.set(tld, entry);
  }
  return entry;
}

/** The registrar's answer body (without `requestId`) for one TLD: the test-only fields stay behind. */
export function requirementsBody(entry: CatalogueEntry): Record<string, unknown> {
  const body: Record<string, unknown> = { status: 'SUCCESS', ...entry };
  delete body.examples;
  delete body.registryExamples;
  return body;
}
