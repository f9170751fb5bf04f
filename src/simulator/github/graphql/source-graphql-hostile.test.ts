import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';

const sim = createSimulator({ speed: 0, scenario: 'big-org' });

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return sim.fetch(
    new Request('http://sim.test/api/graphql', {
      method: 'POST',
      headers: {
        authorization: `bearer ${SIM_TOKENS.octocat}`,
        'content-type': 'application/json',
        ...headers,
      },
      body,
    }),
  );
}

const query = (q: string, variables?: unknown) => post(JSON.stringify({ query: q, variables }));

/** The status, and the first error's message when the answer is GraphQL's `errors` (never a 500, never a hang). */
async function outcome(response: Response) {
  const body = (await response.json()) as { errors?: { message: string }[]; message?: string };
  return { status: response.status, message: body.errors?.[0]?.message ?? body.message ?? '' };
}

describe("hostile input to the source's GraphQL: a 4xx or GraphQL errors, never a 500 or a hang", () => {
  it('refuses what is not a GraphQL request: invalid JSON, a wrong content type, a 1 MB query', async () => {
    expect(await outcome(await post('{"query": '))).toEqual({
      status: 400,
      message: 'Problems parsing JSON',
    });
    expect(
      (await post('query=%7Bviewer%7D', { 'content-type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(400);
    expect((await post(JSON.stringify({ query: '{ viewer { login } }', variables: [1] }))).status).toBe(400);
    expect((await post(JSON.stringify({ query: '' }))).status).toBe(400);
    expect((await query(`{ viewer { login } } #${'x'.repeat(1024 * 1024)}`)).status).toBe(413);
    // GitHub reads the body as JSON whatever the content type says: a JSON body under text/plain still runs.
    expect(
      (await post(JSON.stringify({ query: '{ viewer { login } }' }), { 'content-type': 'text/plain' }))
        .status,
    ).toBe(200);
  });

  it('answers depth, width and sizes past the limits as GraphQL errors', async () => {
    const deep = `{ ${'organization(login: "big-org") { '.repeat(100)}login ${'} '.repeat(100)}}`;
    const aliases = `{ ${Array.from({ length: 10_000 }, (_, i) => `a${i}:viewer{login}`).join(' ')} }`;
    const cases: [string, unknown, number, RegExp][] = [
      [deep, undefined, 200, /Cannot query field "organization" on type "Organization"|Field "organization"/],
      [aliases, undefined, 413, /Body too large/],
      [
        `{ ${Array.from({ length: 1_000 }, (_, i) => `a${i}:viewer{login}`).join(' ')} }`,
        undefined,
        200,
        /contains more tha[tn] 5000 tokens/,
      ],
      [
        'query($f: Int) { organization(login: "big-org") { repositories(first: $f) { totalCount } } }',
        { f: 2 ** 53 },
        200,
        /Int cannot represent non 32-bit signed integer/,
      ],
      [
        '{ organization(login: "big-org") { repositories(first: 9007199254740992) { totalCount } } }',
        undefined,
        200,
        /Int cannot represent/,
      ],
      [
        'query($f: Int) { organization(login: "big-org") { repositories(first: $f) { totalCount } } }',
        { f: 101 },
        200,
        /exceeds the `first` limit of 100/,
      ],
      [
        'query($o: String!) { organization(login: $o) { login } }',
        { o: 'big\u0000org' },
        200,
        /Could not resolve to an Organization/,
      ],
      [
        'query($n: String!) { repository(owner: "big-org", name: $n) { name } }',
        { n: '\u0000../../etc' },
        200,
        /Could not resolve to a Repository/,
      ],
      [
        '{ organization(login: "big-org") { repositories(after: "!!!") { totalCount } } }',
        undefined,
        200,
        /valid cursor/,
      ],
      ['mutation { viewer { login } }', undefined, 200, /Schema is not configured to execute mutation/],
      ['{ __proto__ }', undefined, 200, /Cannot query field "__proto__"/],
    ];
    for (const [q, variables, status, message] of cases) {
      const got = await outcome(await query(q, variables));
      expect(got.status, q.slice(0, 60)).toBe(status);
      expect(got.message, q.slice(0, 60)).toMatch(message);
    }
  });

  it('answers 300 aliases of distinct repositories, each with its head commit, in one request', async () => {
    const names = sim
      .github()
      .world.repos.filter((repo) => repo.owner === 'big-org')
      .slice(0, 300)
      .map((repo) => repo.name);
    const q = `fragment H on Repository { defaultBranchRef { target { oid } } }
      { ${names.map((name, i) => `r${i}: repository(owner: "big-org", name: "${name}") { ...H }`).join(' ')} }`;
    const response = await query(q);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: Record<string, { defaultBranchRef: { target: { oid: string } } }>;
    };
    expect(
      Object.values(body.data).every((repo) => /^[0-9a-f]{40}$/.test(repo.defaultBranchRef.target.oid)),
    ).toBe(true);
  });
});
