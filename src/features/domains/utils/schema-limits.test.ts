import { describe, expect, it } from 'vitest';
import {
  checkSchemaLimits,
  MAX_IN_PLACE_CHECKS,
  MAX_REF_DEPTH,
  MAX_SCHEMA_DEPTH,
  MAX_SCHEMA_VALUES,
} from './schema-limits';

/** An object schema nested `levels` deep (each level adds two: the schema and its `properties`). */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 1; i < levels; i += 2) schema = { properties: { a: schema } };
  return schema;
}

/** `allOf` chains that double at each step: d0 ← d1 = allOf[d0, d0] ← …, about 2^(steps + 2) checks. */
function doubling(steps: number) {
  const $defs: Record<string, unknown> = { d0: { type: 'string' } };
  for (let i = 1; i <= steps; i += 1)
    $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
  return { $defs, $ref: `#/$defs/d${steps}` };
}

describe('checkSchemaLimits', () => {
  it('takes the catalogue-sized and recursive-through-properties schemas', () => {
    expect(() => checkSchemaLimits({ type: 'object', properties: { a: { type: 'string' } } })).not.toThrow();
    const tree = {
      $defs: {
        node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
      $ref: '#/$defs/node',
    };
    expect(() => checkSchemaLimits(tree)).not.toThrow();
  });

  it('counts values up to the bound', () => {
    const at = { enum: Array.from({ length: MAX_SCHEMA_VALUES - 2 }, (_, i) => i) };
    expect(() => checkSchemaLimits(at)).not.toThrow();
    const past = { enum: Array.from({ length: MAX_SCHEMA_VALUES - 1 }, (_, i) => i) };
    expect(() => checkSchemaLimits(past)).toThrow(`more than ${MAX_SCHEMA_VALUES} values`);
  });

  it('nests up to the bound, and a 100,000-deep schema is refused without overflowing the stack', () => {
    expect(() => checkSchemaLimits(nested(MAX_SCHEMA_DEPTH - 1))).not.toThrow();
    expect(() => checkSchemaLimits(nested(MAX_SCHEMA_DEPTH + 1))).toThrow(`deeper than ${MAX_SCHEMA_DEPTH}`);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i += 1) deep = { not: deep };
    expect(() => checkSchemaLimits(deep)).toThrow(/deeper than/);
  });

  it('refuses $ref loops that never reach a part of the value', () => {
    expect(() => checkSchemaLimits({ $ref: '#' })).toThrow(/\$ref loop/);
    expect(() =>
      checkSchemaLimits({
        $defs: { a: { $ref: '#/$defs/b' }, b: { allOf: [{ $ref: '#/$defs/a' }] } },
        $ref: '#/$defs/a',
      }),
    ).toThrow(/\$ref loop/);
  });

  it('refuses chains that multiply the checks past the bound', () => {
    const steps = Math.floor(Math.log2(MAX_IN_PLACE_CHECKS));
    expect(() => checkSchemaLimits(doubling(steps - 2))).not.toThrow();
    expect(() => checkSchemaLimits(doubling(steps))).toThrow(`more than ${MAX_IN_PLACE_CHECKS} subschemas`);
  });

  it('refuses reference chains deeper than its own stack bound', () => {
    const $defs: Record<string, unknown> = { r0: { type: 'string' } };
    for (let i = 1; i <= MAX_REF_DEPTH + 1; i += 1) $defs[`r${i}`] = { $ref: `#/$defs/r${i - 1}` };
    expect(() => checkSchemaLimits({ $defs, $ref: `#/$defs/r${MAX_REF_DEPTH + 1}` })).toThrow(
      /chained deeper/,
    );
  });

  it('refuses unknown, remote and dynamic references, embedded $ids and unsafe patternProperties', () => {
    expect(() => checkSchemaLimits({ $ref: '#/$defs/missing' })).toThrow(/Unresolved \$ref/);
    expect(() => checkSchemaLimits({ $ref: 'https://evil.example/schema' })).toThrow(/only local references/);
    expect(() => checkSchemaLimits({ $recursiveRef: '#' })).toThrow(/not supported/);
    expect(() => checkSchemaLimits({ properties: { a: { $id: 'x', type: 'string' } } })).toThrow(
      /\$id below/,
    );
    // A risky `pattern` is left out of the check (json-schema-check.ts), not a reason to refuse the schema.
    expect(() => checkSchemaLimits({ properties: { a: { pattern: '^(a+)+$' } } })).not.toThrow();
    expect(() => checkSchemaLimits({ patternProperties: { '^(a|aa)*$': {} } })).toThrow(/patternProperties/);
    // Values under enum or const are data, not schemas.
    expect(() => checkSchemaLimits({ enum: [{ pattern: '^(a+)+$', $ref: 'nowhere' }] })).not.toThrow();
  });
});
