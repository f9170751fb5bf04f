import { describe, expect, it } from 'vitest';
import { countNodes, schemaTree } from './schema-tree';

describe('schemaTree', () => {
  it('shows types, required marks, values and constraints', () => {
    const tree = schemaTree({
      type: 'object',
      required: ['cost', 'ghost'],
      properties: {
        cost: { type: 'integer', minimum: 1 },
        agreeToTerms: { enum: ['yes', '1'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(tree.children.map((child) => [child.name, child.types, child.required])).toEqual([
      ['cost', ['integer'], true],
      ['agreeToTerms', ['string'], false],
      ['tags', ['array'], false],
      ['ghost', [], true],
    ]);
    expect(tree.children[0]?.constraints).toEqual(['minimum 1']);
    expect(tree.children[1]?.values.map((value) => value.value)).toEqual(['yes', '1']);
    expect(tree.children[2]?.children[0]?.name).toBe('[items]');
    expect(countNodes(tree)).toBe(6);
  });

  it('stops at a bounded depth on deeply nested schemas', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i += 1) schema = { type: 'object', properties: { next: schema } };
    expect(countNodes(schemaTree(schema))).toBeLessThanOrEqual(10);
  });
});
