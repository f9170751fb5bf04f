import { customizeValidator } from '@rjsf/validator-ajv8';
import { getClosestMatchingOption, getFirstMatchingOption, type RJSFSchema } from '@rjsf/utils';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/simulator/registrar/requirements/catalogue';
import { InterpretingValidator } from './form-validator';
import { checkBody } from './schema-validator';

const ours = new InterpretingValidator();
/** What the form used before (and still the reference): rjsf's Ajv validator, where code generation runs. */
const ajv8 = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, allErrors: true },
});

/** What the person sees: each error's field, wording and stack line, and the per-field error tree. */
function seen(validator: typeof ours | typeof ajv8, data: unknown, schema: RJSFSchema) {
  const { errors, errorSchema } = validator.validateFormData(data, schema);
  const list = errors.map((e) => `${e.property ?? ''} | ${e.name ?? ''} | ${e.message ?? ''} | ${e.stack}`);
  return { list: list.sort(), errorSchema };
}

const schemas = CATALOGUE.flatMap((entry) => [
  [`.${entry.tld} requestSchema`, entry.requestSchema as RJSFSchema] as const,
  ...(entry.registryRequirements
    ? [[`.${entry.tld} registryRequirements`, entry.registryRequirements as RJSFSchema] as const]
    : []),
]);

function payloads(schema: RJSFSchema) {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const names = [...Object.keys(properties), 'extra'];
  const known = Object.values(properties).flatMap((property) => [
    ...((property.enum as unknown[] | undefined) ?? []),
    ...(((property.oneOf ?? property.anyOf) as { const: unknown }[] | undefined) ?? []).map((o) => o.const),
  ]);
  const value = fc.oneof(
    fc.constantFrom(...known, 0, 1, 1108, 'yes', 'C31', 'CA', '01234567', true, null),
    fc.jsonValue({ maxDepth: 1 }),
  );
  return fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });
}

describe('the form sees what it saw with Ajv', () => {
  it.each(schemas)('%s', (_name, schema) => {
    fc.assert(
      fc.property(payloads(schema), (payload) => {
        expect(seen(ours, payload, schema)).toEqual(seen(ajv8, payload, schema));
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    [
      'required',
      { type: 'object', required: ['cost'], properties: { cost: { type: 'integer', title: 'Cost' } } },
      {},
    ],
    ['type', { type: 'object', properties: { cost: { type: 'integer' } } }, { cost: 'ten' }],
    ['enum', { type: 'object', properties: { agree: { enum: ['yes', '1'] } } }, { agree: 'no' }],
    [
      'pattern',
      { type: 'object', properties: { cc: { type: 'string', pattern: '^[A-Z]{2}$' } } },
      { cc: 'usa' },
    ],
    [
      'minimum with a title',
      { type: 'object', properties: { cost: { type: 'integer', minimum: 1, title: 'Cost (US cents)' } } },
      { cost: 0 },
    ],
    [
      'nested',
      {
        type: 'object',
        properties: {
          contact: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      },
      { contact: {} },
    ],
    [
      'if/then',
      {
        type: 'object',
        if: { properties: { kind: { const: 'company' } }, required: ['kind'] },
        then: { required: ['number'] },
      },
      { kind: 'company' },
    ],
  ] as const)('%s', (_name, schema, data) => {
    const before = seen(ajv8, data, schema as RJSFSchema);
    expect(before.list.length).toBeGreaterThan(0);
    expect(seen(ours, data, schema as RJSFSchema)).toEqual(before);
  });

  it('places the error of a $ref property on that property, resolved from $defs', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { cost: { $ref: '#/$defs/cents' } },
      $defs: { cents: { type: 'integer', minimum: 1 } },
    };
    const { errorSchema } = ours.validateFormData({ cost: 0 }, schema);
    expect(errorSchema).toEqual({ cost: { __errors: ['must be >= 1'] } });
    expect(seen(ours, { cost: 0 }, schema)).toEqual(seen(ajv8, { cost: 0 }, schema));
  });
});

describe('isValid picks oneOf/anyOf options as the Ajv validator does', () => {
  const root: RJSFSchema = {
    type: 'object',
    properties: { contact: { oneOf: [{ $ref: '#/$defs/person' }, { $ref: '#/$defs/company' }] } },
    $defs: {
      person: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      company: {
        type: 'object',
        required: ['companyNumber'],
        properties: { companyNumber: { type: 'string', pattern: '^[A-Z0-9]{8}$' } },
      },
    },
  };
  const options = (root.properties?.contact as { oneOf: RJSFSchema[] }).oneOf;

  it.each([
    [{ name: 'Ada' }, 0],
    [{ companyNumber: '01234567' }, 1],
    [{ companyNumber: 'short' }, 0],
  ])('%j → option %i', (data, expected) => {
    expect(getFirstMatchingOption(ours, data, options, root)).toBe(expected);
    expect(getFirstMatchingOption(ours, data, options, root)).toBe(
      getFirstMatchingOption(ajv8, data, options, root),
    );
    expect(getClosestMatchingOption(ours, root, data, options, 0)).toBe(
      getClosestMatchingOption(ajv8, root, data, options, 0),
    );
  });

  it('matches const options (the catalogue’s labelled values) and an anyOf', () => {
    const anyOf: RJSFSchema[] = [
      { const: 'yes', title: 'Yes' },
      { const: '1', title: 'One' },
    ];
    expect(getFirstMatchingOption(ours, '1', anyOf, { anyOf })).toBe(1);
    expect(ours.isValid({ type: 'string' }, 'x', {})).toBe(true);
    expect(ours.isValid({ type: 'string' }, 3, {})).toBe(false);
  });
});

/** A schema the registrar could send that would freeze or crash the page: a clear refusal, quickly. */
const hostile: [string, RJSFSchema, unknown, RegExp][] = [
  ['a $ref to itself', { $ref: '#' }, {}, /\$ref loop/],
  [
    'a $ref loop through allOf',
    { $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } }, properties: { x: { $ref: '#/$defs/a' } } },
    { x: 1 },
    /\$ref loop/,
  ],
  [
    'an allOf chain doubling 40 times',
    (() => {
      const $defs: Record<string, RJSFSchema> = { d0: { type: 'string' } };
      for (let i = 1; i <= 40; i += 1)
        $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
      return { $defs, $ref: '#/$defs/d40' };
    })(),
    'x',
    /more than 1000 subschemas/,
  ],
  [
    'a schema 50,000 levels deep',
    (() => {
      let deep: RJSFSchema = { type: 'string' };
      for (let i = 0; i < 50_000; i += 1) deep = { not: deep };
      return deep;
    })(),
    'x',
    /deeper than 32/,
  ],
  [
    'a 100,000-value enum',
    { enum: Array.from({ length: 100_000 }, (_, i) => i) },
    3,
    /more than 20000 values/,
  ],
  [
    'an unknown $ref',
    { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
    {},
    /Unresolved \$ref "#\/\$defs\/missing"/,
  ],
];

describe('a backtracking pattern: left to the registrar, the rest still checked, never a hang', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'string', pattern: '^(a+)+$' }, cc: { type: 'string', pattern: '^[A-Z]{2}$' } },
  };

  it('skips only that pattern: 34 a’s and a b pass it; the safe pattern and the types still fail', () => {
    const started = performance.now();
    expect(ours.validateFormData({ n: `${'a'.repeat(34)}b` }, schema).errors).toEqual([]);
    expect(ours.isValid(schema, { n: `${'a'.repeat(34)}b` }, schema)).toBe(true);
    expect(checkBody(schema, { n: `${'a'.repeat(34)}b` })).toMatchObject({ valid: true });
    const errors = ours.validateFormData({ n: 5, cc: 'usa' }, schema).errors.map((e) => e.stack);
    expect(errors).toEqual(['.n must be string', '.cc must match pattern "^[A-Z]{2}$"']);
    // A hang guard with room for a loaded machine, not a speed target.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('hostile schemas: a clear refusal, never a hang or a crash', () => {
  it.each(hostile)('%s', (_name, schema, data, reason) => {
    const started = performance.now();
    const { errors, errorSchema } = ours.validateFormData(data, schema);
    expect(errors.map((e) => e.stack).join('\n')).toMatch(reason);
    expect(errors.at(-1)?.stack).toMatch(/^The schema is refused: /);
    expect((errorSchema as { $schema?: { __errors: string[] } }).$schema?.__errors[0]).toMatch(reason);
    expect(ours.isValid(schema, data, schema)).toBe(false);
    const body = checkBody(schema, data);
    expect(body.valid).toBe(false);
    expect(body.schemaError).toMatch(reason);
    // A hang guard with room for a loaded machine, not a speed target.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
