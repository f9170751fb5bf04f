import { describe, expect, it } from 'vitest';
import { ShapeError } from './json';
import { decodeFlag, parseRegistrationRequirements } from './registrar';

const COM = {
  status: 'SUCCESS',
  tld: 'com',
  apiRegisterable: true,
  registrationDurationYears: 1,
  maxRegistrationYears: 10,
  whoisPrivacySupported: true,
  requiresValidatedAddress: false,
  registrantOnly: false,
  requestSchema: { type: 'object', required: ['cost', 'agreeToTerms'] },
  requestId: '019fa6cf-aa0e-7083-8d51-92119ff2c113',
};

describe('parseRegistrationRequirements', () => {
  it('reads the published .com fixture; absent registryRequirements is null', () => {
    expect(parseRegistrationRequirements(COM)).toMatchObject({
      tld: 'com',
      apiRegisterable: true,
      maxRegistrationYears: 10,
      registryRequirements: null,
      sandbox: false,
    });
  });

  it('decodes flags and numbers tolerantly, keeps a null max term distinct from 0, and treats {} as none', () => {
    const parsed = parseRegistrationRequirements({
      ...COM,
      apiRegisterable: 'yes',
      whoisPrivacySupported: 0,
      requiresValidatedAddress: '1',
      registrationDurationYears: '2',
      maxRegistrationYears: null,
      registryRequirements: {},
    });
    expect(parsed).toMatchObject({
      apiRegisterable: true,
      whoisPrivacySupported: false,
      requiresValidatedAddress: true,
      registrationDurationYears: 2,
      maxRegistrationYears: null,
      registryRequirements: null,
    });
  });

  it.each([
    ['not an object', []],
    ['no tld', { ...COM, tld: undefined }],
    ['a bad flag', { ...COM, registrantOnly: 'maybe' }],
    ['a bad term', { ...COM, registrationDurationYears: -1 }],
    ['a schema that is not an object', { ...COM, requestSchema: 'x' }],
  ])('refuses %s', (_what, body) => {
    expect(() => parseRegistrationRequirements(body)).toThrow(ShapeError);
  });

  it('decodeFlag rejects what it cannot read', () => {
    expect(() => decodeFlag(undefined, 'f')).toThrow(/f is not/);
  });
});
