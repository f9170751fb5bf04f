import { Kind, Lexer, parse, Source, TokenKind, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryCost } from '@/simulator/graphql/cost';
import { MAX_QUERY_LENGTH, MAX_TOKENS } from '@/simulator/graphql/request';
import { sourceSchema } from '@/simulator/github/graphql/schema';
import { targetSchema } from '@/simulator/target/graphql/schema';
import {
  aliasOf,
  chunked,
  countQuery,
  POINTS_PER_COUNT_QUERY,
  REPOSITORIES_PER_COUNT_QUERY,
} from './count-query';

/** Tokens graphql-js counts against `maxTokens` (what GitHub's and the simulator's parse limit bounds). */
function tokens(query: string): number {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  return count;
}

const names500 = Array.from(
  { length: 500 },
  (_, i) => `repository-with-a-long-name.${i}_x-${'y'.repeat(60)}`,
);

describe('the aliased count query', () => {
  it('maps names GraphQL refuses as aliases (dots, dashes, digits first) to aliases and back', () => {
    const names = ['my.repo-1', '1st', '_x', 'a-b.c_d', '.github', 'Ünïcode?'];
    const built = countQuery('octo-org', names, { protectedBranches: true });
    expect([...built.names.values()]).toEqual(names);
    for (const [alias, name] of built.names) {
      expect(alias).toMatch(/^[_A-Za-z][_0-9A-Za-z]*$/);
      // The name travels as a variable, never inside the text.
      expect(built.variables[`n${alias.slice(1)}`]).toBe(name);
      expect(built.query).not.toContain(name);
    }
    expect(aliasOf(3)).toBe('r3');
    expect(built.variables.owner).toBe('octo-org');
    expect(() => parse(built.query)).not.toThrow();
  });

  it('is valid against both sides’ schemas, with and without branch protection rules', () => {
    const names = ['a', 'b'];
    for (const protectedBranches of [true, false]) {
      const query = parse(countQuery('o', names, { protectedBranches }).query);
      expect(validate(sourceSchema(), query)).toEqual([]);
      expect(validate(targetSchema(false), query)).toEqual([]);
    }
  });

  it('takes 500 repositories in at most 50 requests, each within the parse limit and 1 point', () => {
    const chunks = chunked(names500);
    expect(chunks).toHaveLength(500 / REPOSITORIES_PER_COUNT_QUERY);
    expect(chunks.length).toBeLessThanOrEqual(50);
    expect(chunks.flat()).toEqual(names500);
    let most = 0;
    for (const chunk of chunks) {
      const built = countQuery('big-org', chunk, { protectedBranches: true });
      const count = tokens(built.query);
      most = Math.max(most, count);
      expect(count).toBeLessThan(MAX_TOKENS);
      expect(built.query.length).toBeLessThan(MAX_QUERY_LENGTH);
      expect(() => parse(built.query, { maxTokens: MAX_TOKENS })).not.toThrow();
      const document = parse(built.query);
      const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
      expect(queryCost(document, operation as OperationDefinitionNode, built.variables)).toBe(
        POINTS_PER_COUNT_QUERY,
      );
    }
    const full = countQuery('big-org', chunks[0]!, { protectedBranches: true });
    console.info(
      `count query of ${REPOSITORIES_PER_COUNT_QUERY} repositories: ${most} tokens of ${MAX_TOKENS}, ` +
        `${full.query.length} characters, ${chunks.length} requests for 500`,
    );
    // Room to spare: twice the chunk would still parse.
    expect(most * 2).toBeLessThan(MAX_TOKENS);
  });

  it('refuses an empty chunk and one past the bound', () => {
    expect(() => countQuery('o', [], { protectedBranches: true })).toThrow(RangeError);
    const over = Array.from({ length: REPOSITORIES_PER_COUNT_QUERY + 1 }, (_, i) => `r${i}`);
    expect(() => countQuery('o', over, { protectedBranches: true })).toThrow(RangeError);
    expect(() =>
      countQuery('o', over.slice(0, REPOSITORIES_PER_COUNT_QUERY), { protectedBranches: true }),
    ).not.toThrow();
  });
});
