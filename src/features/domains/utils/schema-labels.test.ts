import { describe, expect, it } from 'vitest';
import { allowedValues, policyNote, schemaFields, uiSchemaFor } from './schema-labels';

const pairs = [
  ['C11', 'US citizen'],
  ['C12', 'US permanent resident'],
] as const;

describe('allowedValues reads every label encoding', () => {
  it('oneOf of const/title', () => {
    expect(allowedValues({ oneOf: pairs.map(([value, title]) => ({ const: value, title })) })).toEqual({
      encoding: 'oneOf',
      values: [
        { value: 'C11', label: 'US citizen' },
        { value: 'C12', label: 'US permanent resident' },
      ],
    });
  });

  it('anyOf of single-value enums with descriptions', () => {
    expect(
      allowedValues({
        anyOf: [
          { enum: ['a'], description: 'Alpha' },
          { const: 'b', title: 'Beta' },
        ],
      }),
    ).toEqual({
      encoding: 'anyOf',
      values: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    });
  });

  it('enum with an x-enumLabels map, missing labels left empty', () => {
    expect(allowedValues({ enum: ['P1', 'P2'], 'x-enumLabels': { P1: 'Business' } })).toEqual({
      encoding: 'x-enumLabels',
      values: [
        { value: 'P1', label: 'Business' },
        { value: 'P2', label: undefined },
      ],
    });
  });

  it('enum with an x-enumLabels array or an enumNames array', () => {
    expect(allowedValues({ enum: ['A'], 'x-enumLabels': ['Ay'] })).toMatchObject({
      encoding: 'x-enumLabels',
      values: [{ value: 'A', label: 'Ay' }],
    });
    expect(allowedValues({ enum: ['IND', 'LTD'], enumNames: ['Individual', 'Company'] })).toEqual({
      encoding: 'enumNames',
      values: [
        { value: 'IND', label: 'Individual' },
        { value: 'LTD', label: 'Company' },
      ],
    });
  });

  it('a plain enum, including non-string values', () => {
    expect(allowedValues({ enum: ['yes', 1, null] })).toEqual({
      encoding: 'enum',
      values: [{ value: 'yes' }, { value: 1 }, { value: null }],
    });
  });

  it('a const, and nothing for a free field', () => {
    expect(allowedValues({ const: 'x', title: 'Only x' })).toEqual({
      encoding: 'const',
      values: [{ value: 'x', label: 'Only x' }],
    });
    expect(allowedValues({ type: 'string' })).toEqual({ encoding: 'none', values: [] });
    // A oneOf of non-constant branches is not a value list.
    expect(allowedValues({ oneOf: [{ type: 'string' }, { type: 'integer' }] }).encoding).toBe('none');
    expect(allowedValues('nonsense')).toEqual({ encoding: 'none', values: [] });
  });
});

describe('schemaFields', () => {
  const schema = {
    type: 'object',
    required: ['appPurpose'],
    properties: {
      nexusCountry: { type: 'string', pattern: '^[A-Z]{2}$' },
      appPurpose: { type: 'string', title: 'Purpose', enum: ['P1'] },
    },
    if: { properties: { nexusCategory: { enum: ['C31', 'C32'] } } },
    then: { required: ['nexusCountry'] },
    'x-policyNote': 'Be accurate.',
  };

  it('lists required fields first, with conditional requirements spelled out', () => {
    const fields = schemaFields(schema);
    expect(fields.map((field) => [field.name, field.required, field.requiredWhen])).toEqual([
      ['appPurpose', true, undefined],
      ['nexusCountry', false, 'nexusCategory is C31 or C32'],
    ]);
    expect(fields[1]?.pattern).toBe('^[A-Z]{2}$');
    expect(policyNote(schema)).toBe('Be accurate.');
    expect(policyNote(null)).toBeUndefined();
  });
});

describe('uiSchemaFor', () => {
  it('turns x-enumLabels and enumNames into ui:enumNames, and leaves oneOf to the form', () => {
    expect(
      uiSchemaFor({
        type: 'object',
        properties: {
          a: { enum: ['1', '2'], 'x-enumLabels': { 1: 'One', 2: 'Two' } },
          b: { enum: ['x'], enumNames: ['Ex'] },
          c: { oneOf: [{ const: 'y', title: 'Why' }] },
          d: { enum: ['plain'] },
        },
      }),
    ).toEqual({ a: { 'ui:enumNames': ['One', 'Two'] }, b: { 'ui:enumNames': ['Ex'] } });
  });
});
