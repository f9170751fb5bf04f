import { isRecord, ShapeError } from './json';

/**
 * The registrar's `getRegistrationRequirements` answer (reference/porkbun-api.md §1.2), decoded
 * defensively: flags may arrive as booleans, 0/1 or "yes"/"no", numbers as numeric strings, and an absent
 * `registryRequirements` means the same as `null` (no extra requirements). Shared by the SPA and tests.
 */
export type JsonSchema = Record<string, unknown>;

export interface RegistrationRequirements {
  tld: string;
  apiRegisterable: boolean;
  notApiRegisterableReason?: string;
  registrationDurationYears: number;
  /** `null` = the registrar does not say (not 0). */
  maxRegistrationYears: number | null;
  whoisPrivacySupported: boolean;
  requiresValidatedAddress: boolean;
  registrantOnly: boolean;
  requestSchema: JsonSchema;
  registryRequirements: JsonSchema | null;
  requestId?: string;
  sandbox: boolean;
}

function malformed(message: string): ShapeError {
  return new ShapeError('registrar', message);
}

export function decodeFlag(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'yes' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'no' || value === 'false') return false;
  throw malformed(`${field} is not a yes/no value`);
}

function decodeCount(value: unknown, field: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
    throw malformed(`${field} is not a whole number`);
  }
  return number;
}

/** Parse a SUCCESS body; throws ShapeError when it cannot be read. */
export function parseRegistrationRequirements(body: unknown): RegistrationRequirements {
  if (!isRecord(body)) throw malformed('the answer is not a JSON object');
  if (typeof body.tld !== 'string') throw malformed('tld is missing');
  const requestSchema = body.requestSchema ?? { type: 'object' };
  if (!isRecord(requestSchema)) throw malformed('requestSchema is not a JSON Schema object');
  const registry = body.registryRequirements;
  if (registry !== undefined && registry !== null && !isRecord(registry)) {
    throw malformed('registryRequirements is not a JSON Schema object');
  }
  const max = body.maxRegistrationYears;
  return {
    tld: body.tld,
    apiRegisterable: decodeFlag(body.apiRegisterable, 'apiRegisterable'),
    notApiRegisterableReason:
      typeof body.notApiRegisterableReason === 'string' ? body.notApiRegisterableReason : undefined,
    registrationDurationYears: decodeCount(body.registrationDurationYears ?? 1, 'registrationDurationYears'),
    maxRegistrationYears:
      max === undefined || max === null || max === '' ? null : decodeCount(max, 'maxRegistrationYears'),
    whoisPrivacySupported: decodeFlag(body.whoisPrivacySupported, 'whoisPrivacySupported'),
    requiresValidatedAddress: decodeFlag(body.requiresValidatedAddress, 'requiresValidatedAddress'),
    registrantOnly: decodeFlag(body.registrantOnly, 'registrantOnly'),
    requestSchema,
    // `{}` carries no requirement: treat it like null rather than "has requirements".
    registryRequirements: isRecord(registry) && Object.keys(registry).length > 0 ? registry : null,
    requestId: typeof body.requestId === 'string' ? body.requestId : undefined,
    sandbox: body.sandbox === true,
  };
}
