import { describe, expect, it } from 'vitest';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { TARGET_TOKENS } from './seed';

const sim = createSimulator({ speed: 0 });

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return sim.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `bearer ${TARGET_TOKENS.octocat}`,
        'content-type': 'application/json',
        ...headers,
      },
      body,
    }),
  );
}

const query = (q: string, variables?: unknown) => post(JSON.stringify({ query: q, variables }));

describe('hostile input to the target: a 4xx or GraphQL errors, never a 500 or a hang', () => {
  it('refuses missing and unknown credentials with 401', async () => {
    expect((await post('{}', { authorization: '' })).status).toBe(401);
    expect((await post('{}', { authorization: 'bearer nope' })).status).toBe(401);
    expect((await post('{}', { authorization: 'bearer a b c' })).status).toBe(401);
  });

  it('refuses bodies that are not a GraphQL request with 400, and oversized ones with 413', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post(JSON.stringify({ query: 42 }))).status).toBe(400);
    expect((await post(JSON.stringify({ query: '{ viewer { login } }', variables: 'x' }))).status).toBe(400);
    expect((await post(JSON.stringify({ query: '{ viewer { login } }', operationName: 7 }))).status).toBe(
      400,
    );
    expect((await post(JSON.stringify({ query: `{ ${'a '.repeat(40_000)} }` }))).status).toBe(413);
  });

  it('answers syntax, validation and limit problems as GraphQL errors', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['{ viewer { login }', undefined, /Syntax Error/],
      ['{ nope }', undefined, /Cannot query field "nope"/],
      [`{ ${'viewer { login } '.repeat(2_000)} }`, undefined, /token limit|Syntax Error/],
      [
        'query($f: Int) { organization(login: "octo-target") { mannequins(first: $f) { totalCount } } }',
        { f: 'x' },
        /Int cannot represent/,
      ],
      [
        'query($f: Int) { organization(login: "octo-target") { mannequins(first: $f) { totalCount } } }',
        { f: 101 },
        /exceeds the `first` limit of 100/,
      ],
      [
        'query($f: Int) { organization(login: "octo-target") { mannequins(first: $f) { totalCount } } }',
        { f: -1 },
        /cannot be less than zero/,
      ],
      [
        '{ organization(login: "octo-target") { mannequins(after: "!!!") { totalCount } } }',
        undefined,
        /valid cursor/,
      ],
      [
        'query($ids: [ID!]!) { nodes(ids: $ids) { id } }',
        { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) },
        /more than 100/,
      ],
      ['{ node(id: "\\u0000") { id } }', undefined, /Could not resolve to a node/],
      ['query A { viewer { login } } query B { viewer { login } }', undefined, /operation name/],
      ['{ organization(login: "__proto__") { id } }', undefined, /Could not resolve to an Organization/],
      [
        '{ repository(owner: "octo-target", name: "../../etc") { id } }',
        undefined,
        /Could not resolve to a Repository/,
      ],
    ];
    for (const [q, variables, message] of cases) {
      const response = await query(q, variables);
      expect(response.status, q.slice(0, 60)).toBe(200);
      const body = (await response.json()) as { errors?: { message: string }[] };
      expect(body.errors?.[0]?.message, q.slice(0, 60)).toMatch(message);
    }
  });

  it('answers unknown REST paths and odd names with 404', async () => {
    for (const path of ['/repos/octo-target/%00', '/orgs/%2e%2e', '/nope', '/_migration-logs/..%2fx.txt']) {
      const response = await sim.fetch(new Request(`${TARGET_SIMULATOR_ORIGIN}${path}`));
      expect(response.status, path).toBe(404);
    }
  });
});
