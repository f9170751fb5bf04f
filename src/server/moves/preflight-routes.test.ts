import { beforeEach, describe, expect, it } from 'vitest';
import type { MovePlannedRepository, MovePreview, PreflightCheckName } from '@/contracts/moves';
import { composedQuietGateway } from '@/testing/composed-gateway';
import type { TargetRuleset } from '@/simulator/target/rulesets';

/**
 * The pre-flight's rulesets and right to archive, over the gateway as composed (embedded simulator, a store so
 * `POST /api/moves` runs): what each repository shows, and what the target was asked.
 */
const composed = composedQuietGateway('ferry-move-preflight-');
const ORIGIN = 'http://localhost:5180';
const PLAN = { source: { kind: 'org', login: 'octo-org' }, target: { login: 'octo-target' } };

function post(pathname: string, body: unknown) {
  return composed.gateway.app.request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const simulator = () => {
  if (!composed.gateway.simulator) throw new Error('no simulator');
  return composed.gateway.simulator;
};

const ruleset = (id: number, name: string, more: Partial<TargetRuleset>): TargetRuleset => ({
  id,
  name,
  target: 'branch',
  enforcement: 'active',
  include: ['~ALL'],
  exclude: [],
  migrationsBypass: 'none',
  createdAt: Date.UTC(2026, 0, 1),
  ...more,
});

const check = (repo: MovePlannedRepository | undefined, name: PreflightCheckName) =>
  repo?.checks.find((one) => one.check === name);

beforeEach(() => {
  simulator().reset();
});

describe('the pre-flight of the target’s rulesets', () => {
  it('costs one list and one read per ruleset not disabled, per preview (not per repository)', async () => {
    const rest = () => simulator().target.world.state().restRequests ?? 0;
    const before = rest();
    const none = (await (await post('/api/moves/preview', PLAN)).json()) as MovePreview;
    expect(rest() - before).toBe(1);
    expect(check(none.repositories[0], 'target-rulesets')).toEqual({
      check: 'target-rulesets',
      ok: true,
      reason: 'octo-target has no ruleset in force.',
    });

    simulator().target.world.state().rulesets = [
      ruleset(1, 'Protect docs', { include: ['doc*'] }),
      ruleset(2, 'Trial', { enforcement: 'evaluate', include: ['hello-*'] }),
      ruleset(3, 'Exempted', { migrationsBypass: 'exempt' }),
      ruleset(4, 'Old', { enforcement: 'disabled' }),
    ];
    const start = rest();
    const response = await post('/api/moves/preview', PLAN);
    expect(response.status).toBe(200);
    const preview = (await response.json()) as MovePreview;
    expect(rest() - start).toBe(1 + 3);
    const docs = preview.repositories.find((repo) => repo.name === 'docs');
    expect(docs?.ready).toBe(false);
    expect(check(docs, 'target-rulesets')?.reason).toMatch(
      /^The ruleset “Protect docs” of octo-target applies to octo-target\/docs without letting Repository migrations bypass/,
    );
    const hello = preview.repositories.find((repo) => repo.name === 'hello-world');
    expect(hello?.ready).toBe(true);
    expect(check(hello, 'target-rulesets')).toMatchObject({ ok: true, warning: true });
    expect(check(hello, 'target-rulesets')?.reason).toMatch(/“Trial” \(evaluate mode\)/);
    const others = preview.repositories.filter((repo) => !repo.name.startsWith('doc'));
    expect(others.every((repo) => repo.ready)).toBe(true);
    expect(preview.ready).toBe(others.length);
  });
});

describe('the source’s GraphQL budget in the preview’s cost', () => {
  it('is the source’s newest reading less validation’s points (no request more), and says when validation waits', async () => {
    const state = simulator().github();
    /** The minute sample's reading: `GET /rate_limit` is free (neither GitHub nor the simulator counts it). */
    const sample = async () => {
      const body = (await (
        await composed.gateway.memory.upstreamGet('rate_limit', undefined, 'default')
      ).json()) as {
        resources: { graphql: { limit: number; remaining: number; reset: number } };
      };
      await composed.gateway.memory.recorder.recordBody(body, 'default');
      return body.resources.graphql;
    };
    const preview = async () => {
      const counted = state.stats.counted;
      const answer = (await (await post('/api/moves/preview', PLAN)).json()) as MovePreview;
      // Only the listing (kept 5 minutes: 0 the second time) is counted: the budget is a reading already made.
      expect(state.stats.counted - counted).toBe(answer.requests.source);
      return answer;
    };
    for (const token of state.world.tokens.keys())
      state.limiter.consume(token, 'graphql', simulator().clock.now(), 20);
    const read = await sample();
    const first = await preview();
    expect(first.cost.source.graphqlRequests).toEqual({ min: 1, max: 1 });
    expect(first.cost.source.graphqlBudget).toEqual({
      limit: read.limit,
      remaining: read.remaining,
      resetAt: new Date(read.reset * 1000).toISOString(),
      leftAfter: read.remaining - Math.ceil(first.ready / 50),
    });
    expect(read.remaining).toBeLessThan(read.limit);

    // Spent for this hour (issue 48): validation would wait for the reset.
    for (const token of state.world.tokens.keys())
      state.limiter.exhaust(token, 'graphql', simulator().clock.now());
    await sample();
    const spent = await preview();
    expect(spent.cost.source.graphqlBudget).toMatchObject({ remaining: 0, leftAfter: -1 });
  });
});

describe('the right to archive the source', () => {
  it('is asked only with afterValidation archive, from the listing (no request more), and refuses a repository the credential may not administer', async () => {
    const plain = (await (await post('/api/moves/preview', PLAN)).json()) as MovePreview;
    expect(plain.repositories.every((repo) => check(repo, 'source-archive-right') === undefined)).toBe(true);

    const counted = simulator().github().stats.counted;
    const archiving = (await (
      await post('/api/moves/preview', { ...PLAN, afterValidation: 'archive' })
    ).json()) as MovePreview;
    // The listing is kept 5 minutes: the right to archive costs the source nothing more.
    expect(simulator().github().stats.counted).toBe(counted);
    expect(archiving.repositories.every((repo) => check(repo, 'source-archive-right')?.ok)).toBe(true);

    // octocat is no owner of octo-org any more: a member reads, so archiving would be refused. (A reset drops the
    // listing kept above.)
    simulator().reset();
    const org = simulator().github().world.orgs.get('octo-org');
    if (!org) throw new Error('no octo-org');
    org.owners = [];
    org.members = ['octocat', 'hubot'];
    const refused = (await (
      await post('/api/moves/preview', { ...PLAN, afterValidation: 'archive' })
    ).json()) as MovePreview;
    expect(refused.ready).toBe(0);
    expect(check(refused.repositories[0], 'source-archive-right')?.reason).toMatch(
      /^default is not an admin of this repository on the source/,
    );
    // The start runs the pre-flight again with afterValidation: nothing ready, nothing created.
    const start = await post('/api/moves', { ...PLAN, afterValidation: 'archive' });
    expect(start.status).toBe(422);
    expect(((await start.json()) as { message: string }).message).toMatch(/^No repository is ready to move/);
    expect(
      simulator()
        .github()
        .world.repos.every((repo) => !repo.archived),
    ).toBe(true);
  });

  it('refuses a wrong afterValidation in the preview as the start does', async () => {
    const response = await post('/api/moves/preview', { ...PLAN, afterValidation: 'delete' });
    expect(response.status).toBe(422);
  });
});
