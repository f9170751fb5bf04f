import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator';

describe('the simulated world as a file', () => {
  it('comes back as it was: ids, exports with their locks and archives, imports, counts and the clock', async () => {
    const first = createSimulator({
      speed: 0,
      scenario: 'quiet',
      startMs: Date.parse('2026-11-24T10:00:00Z'),
    });
    const github = first.github();
    const answer = await first.fetch(
      new Request('http://sim.test/api/v3/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { authorization: 'Bearer sim-token-octocat-FAKE', 'content-type': 'application/json' },
        body: JSON.stringify({ repositories: ['hello-world'], lock_repositories: true }),
      }),
    );
    expect(answer.status).toBe(201);
    const migration = [...github.migrations.migrations.values()][0]!;
    migration.archive = Buffer.from([1, 2, 3]);
    first.advance(90);

    const second = createSimulator({ speed: 0, scenario: 'quiet' });
    expect(second.loadWorld(first.saveWorld())).toBe(true);
    const restored = second.github();
    expect(restored.migrations.nextId).toBe(github.migrations.nextId);
    const again = restored.migrations.migrations.get(migration.id)!;
    expect(again.guid).toBe(migration.guid);
    expect(again.locked).toEqual(migration.locked);
    expect(again.locked.size).toBe(1);
    expect(Buffer.isBuffer(again.archive) && [...again.archive]).toEqual([1, 2, 3]);
    expect(restored.world.accounts).toBeInstanceOf(Map);
    expect(second.clock.now()).toBe(first.clock.now());
    expect(restored.limiter.counts()).toEqual(github.limiter.counts());
    expect(Object.keys(restored.limiter.counts())).not.toHaveLength(0);
  });

  it('is not taken up by a simulator of another scenario, nor from text that is not one', () => {
    const quiet = createSimulator({ speed: 0, scenario: 'quiet' });
    const bigOrg = createSimulator({ speed: 0, scenario: 'big-org' });
    expect(bigOrg.loadWorld(quiet.saveWorld())).toBe(false);
    expect(quiet.loadWorld('{"version": 99}')).toBe(false);
    expect(quiet.loadWorld('not json')).toBe(false);
  });
});
