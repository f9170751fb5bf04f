import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, findTld } from './catalogue';

/** The extension keywords the simulator uses; strict mode refuses anything else (typos included). */
const EXTENSIONS = ['x-enumLabels', 'enumNames', 'x-policyNote', 'x-registrationDurationYears'];

function strictAjv() {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  ajv.addVocabulary(EXTENSIONS);
  return ajv;
}

describe('the simulated TLD catalogue', () => {
  it('has at least 15 TLDs, each once, in lower-case ASCII', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(15);
    const names = CATALOGUE.map((entry) => entry.tld);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/);
  });

  it.each(CATALOGUE.map((entry) => [entry.tld, entry] as const))(
    '.%s: schemas compile under draft 2020-12 and the examples validate',
    (_tld, entry) => {
      const ajv = strictAjv();
      expect(entry.requestSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      const validateRequest = ajv.compile(entry.requestSchema);
      expect(entry.examples.length).toBeGreaterThan(0);
      for (const example of entry.examples) {
        expect(validateRequest(example), JSON.stringify(validateRequest.errors)).toBe(true);
      }
      if (entry.apiRegisterable) {
        // A registerable TLD's schema refuses an empty body: cost and agreeToTerms are required.
        expect(validateRequest({})).toBe(false);
      } else {
        expect(entry.notApiRegisterableReason).toMatch(/website/);
      }
      if (entry.registryRequirements) {
        const validateRegistry = ajv.compile(entry.registryRequirements);
        expect(entry.registryExamples?.length).toBeGreaterThan(0);
        for (const example of entry.registryExamples ?? []) {
          expect(validateRegistry(example), JSON.stringify(validateRegistry.errors)).toBe(true);
        }
        expect(validateRegistry({})).toBe(false);
        expect(typeof entry.registryRequirements['x-policyNote']).toBe('string');
      }
    },
  );

  it('varies the label encodings across TLDs', () => {
    const text = JSON.stringify(CATALOGUE);
    expect(text).toContain('"oneOf":[{"const"');
    expect(text).toContain('"anyOf":[{"const"');
    expect(text).toContain('"x-enumLabels"');
    expect(text).toContain('"enumNames"');
    // A plain enum without labels (.au eligibility type, .eu country).
    expect(findTld('au')?.registryRequirements).toMatchObject({
      properties: { eligibilityType: { enum: expect.arrayContaining(['Company']) as unknown } },
    });
  });

  it('models the facts the reference gives', () => {
    expect(findTld('ai')?.registrationDurationYears).toBe(2);
    expect(findTld('de')?.requiresValidatedAddress).toBe(true);
    for (const tld of ['us', 'ca', 'eu', 'au']) {
      expect(findTld(tld)).toMatchObject({ apiRegisterable: false });
      expect(findTld(tld)?.registryRequirements).toBeTruthy();
    }
    const ca = findTld('ca')?.registryRequirements as { properties: { legalType: { enum: string[] } } };
    expect(ca.properties.legalType.enum).toHaveLength(18);
    const us = findTld('us')?.registryRequirements as {
      properties: { nexusCategory: { oneOf: { const: string }[] } };
    };
    expect(us.properties.nexusCategory.oneOf.map((option) => option.const)).toEqual([
      'C11',
      'C12',
      'C21',
      'C31',
      'C32',
    ]);
    expect(findTld('co.uk')?.apiRegisterable).toBe(true);
    expect(findTld('xn--q9jyb4c')).toBeDefined();
  });

  it('requires a nexus country for foreign .us nexus categories', () => {
    const validate = strictAjv().compile(findTld('us')?.registryRequirements ?? {});
    expect(validate({ nexusCategory: 'C32', appPurpose: 'P1' })).toBe(false);
    expect(validate({ nexusCategory: 'C32', appPurpose: 'P1', nexusCountry: 'DE' })).toBe(true);
  });
});
