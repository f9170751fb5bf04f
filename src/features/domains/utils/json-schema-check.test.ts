import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/simulator/registrar/requirements/catalogue';
import { validateJsonSchema } from './json-schema-check';

const ajv = new Ajv2020({ strict: false, allErrors: true });

/** Payloads made of the schema's own property names and values, mixed with arbitrary JSON. */
function payloads(schema: Record<string, unknown>) {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const names = [...Object.keys(properties), 'extra'];
  const known = Object.values(properties).flatMap((property) => [
    ...((property.enum as unknown[] | undefined) ?? []),
    ...(((property.oneOf ?? property.anyOf) as { const: unknown }[] | undefined) ?? []).map((o) => o.const),
    ...((property.examples as unknown[] | undefined) ?? []),
  ]);
  const value = fc.oneof(
    fc.constantFrom(...known, 0, 1, -5, 'yes', '1', 'C31', 'CA', '01234567', true, null),
    fc.jsonValue({ maxDepth: 1 }),
  );
  return fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });
}

const schemas = CATALOGUE.flatMap((entry) => [
  [`.${entry.tld} requestSchema`, entry.requestSchema] as const,
  ...(entry.registryRequirements
    ? [[`.${entry.tld} registryRequirements`, entry.registryRequirements] as const]
    : []),
]);

describe('validateJsonSchema agrees with Ajv2020', () => {
  it.each(schemas)('%s', (_name, schema) => {
    const validate = ajv.compile(schema);
    fc.assert(
      fc.property(payloads(schema), (payload) => {
        expect(validateJsonSchema(schema, payload).length === 0).toBe(validate(payload));
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    [{ type: 'integer', minimum: 1 }, 0, 'minimum', 'must be >= 1'],
    [{ type: 'object', required: ['cost'] }, {}, 'required', "must have required property 'cost'"],
    [{ enum: ['yes', '1'] }, 'no', 'enum', 'must be equal to one of the allowed values'],
    [{ type: 'string', pattern: '^[A-Z]{2}$' }, 'usa', 'pattern', 'must match pattern "^[A-Z]{2}$"'],
    [
      { type: 'object', additionalProperties: false },
      { a: 1 },
      'additionalProperties',
      'must NOT have additional properties',
    ],
    [{ oneOf: [{ const: 1 }, { const: 2 }] }, 3, 'oneOf', 'must match exactly one schema in oneOf'],
  ])('reports %j on %j as Ajv does', (schema, data, keyword, message) => {
    const ours = validateJsonSchema(schema, data);
    const validate = ajv.compile(schema);
    validate(data);
    const theirs = validate.errors ?? [];
    expect(ours.map((e) => [e.keyword, e.message, e.instancePath])).toContainEqual([keyword, message, '']);
    expect(theirs.map((e) => [e.keyword, e.message, e.instancePath])).toContainEqual([keyword, message, '']);
  });

  it('resolves local references, and refuses unknown ones', () => {
    const schema = { $defs: { n: { type: 'number' } }, properties: { a: { $ref: '#/$defs/n' } } };
    expect(validateJsonSchema(schema, { a: 'x' })[0]).toMatchObject({ instancePath: '/a', keyword: 'type' });
    expect(validateJsonSchema(schema, { a: 1 })).toEqual([]);
    expect(() => validateJsonSchema({ $ref: '#/$defs/missing' }, 1)).toThrow(/Unresolved \$ref/);
  });

  it('reports nested errors at their instance path, with if/then', () => {
    const us = CATALOGUE.find((entry) => entry.tld === 'us')?.registryRequirements ?? {};
    const errors = validateJsonSchema(us, { nexusCategory: 'C31', appPurpose: 'P1' });
    expect(errors.map((e) => [e.keyword, e.instancePath, e.params.missingProperty])).toContainEqual([
      'required',
      '',
      'nexusCountry',
    ]);
  });
});
