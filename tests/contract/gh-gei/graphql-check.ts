/**
 * GitHub's published GraphQL schema (@octokit/graphql-schema) as graphql-js builds it, and two checks of a
 * recorded GraphQL exchange against it: the document validates (`validate`), and the answer's `data` has the
 * shape the document asks of that schema — executing the document with the answer as the root value must give
 * back the answer unchanged (a missing field, a null where the schema says non-null, a string for an Int, an
 * unknown enum value all come out as a difference or an error).
 */
import { isDeepStrictEqual } from 'node:util';
import { schema as published } from '@octokit/graphql-schema';
import {
  Kind,
  buildSchema,
  execute,
  isAbstractType,
  isObjectType,
  parse,
  validate,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLTypeResolver,
} from 'graphql';

/** The published SDL defines a few fields twice (EnterpriseOwnerInfo): built as graphql-schema-subset.ts does. */
export const githubSchema = buildSchema(published.idl, { assumeValidSDL: true });

export function documentProblems(query: string): string[] {
  try {
    return validate(githubSchema, parse(query)).map((error) => error.message);
  } catch (error) {
    return [`does not parse: ${String(error)}`];
  }
}

/** Read each field by its response key (gh-gei uses no aliases, but this holds with them too). */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info) =>
  source !== null && typeof source === 'object'
    ? (source as Record<string, unknown>)[info.path.key]
    : undefined;

/**
 * The concrete type of an abstract value: among the object types the selection's inline fragments name (directly,
 * or through an interface), the one that declares every key the value has; a value with no key (`{}`: no
 * fragment applied) is a possible type no fragment names.
 */
const fromFragments: GraphQLTypeResolver<unknown, unknown> = (value, _context, info, abstractType) => {
  const possible = githubSchema.getPossibleTypes(abstractType);
  const named = new Set<GraphQLObjectType>();
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.INLINE_FRAGMENT || !selection.typeCondition) continue;
      const condition = githubSchema.getType(selection.typeCondition.name.value);
      if (isObjectType(condition)) named.add(condition);
      else if (isAbstractType(condition)) {
        for (const type of githubSchema.getPossibleTypes(condition)) named.add(type);
      }
    }
  }
  const candidates = possible.filter((type) => named.has(type));
  const keys = value !== null && typeof value === 'object' ? Object.keys(value) : [];
  if (keys.length === 0) return (possible.find((type) => !named.has(type)) ?? candidates[0])?.name;
  return (candidates.find((type) => keys.every((key) => key in type.getFields())) ?? candidates[0])?.name;
};

/** What is wrong with a GraphQL answer's `data` for this document and these variables (empty: nothing). */
export async function answerProblems(
  query: string,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
  answer: { data?: unknown; errors?: unknown },
): Promise<string[]> {
  if (answer.errors !== undefined) return [`answered errors: ${JSON.stringify(answer.errors)}`];
  const result = await execute({
    schema: githubSchema,
    document: parse(query),
    rootValue: answer.data,
    variableValues: variables,
    operationName,
    fieldResolver: byResponseKey,
    typeResolver: fromFragments,
  });
  const problems = (result.errors ?? []).map((error) => `${error.path?.join('.') ?? ''}: ${error.message}`);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data ?? null)), answer.data ?? null)) {
    problems.push(
      `data differs from its shape in the schema: answered ${JSON.stringify(answer.data)}, schema-shaped ${JSON.stringify(result.data)}`,
    );
  }
  return problems;
}
