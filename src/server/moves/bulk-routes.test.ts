import { describe, expect, it } from 'vitest';
import type { Move, MoveBulkAnswer, MoveRepository } from '@/contracts/move-run';
import { composedQuietGateway } from '@/testing/composed-gateway';
import { TARGET_ORG } from '@/simulator/target/seed';

/** `POST /api/moves/{id}/repositories/bulk` over the gateway as composed: acts on the eligible, skips the rest. */
const composed = composedQuietGateway('ferry-move-bulk-');
const ORIGIN = 'http://localhost:5180';
const HOURS_AGO = new Date(Date.now() - 8 * 3_600_000).toISOString();

function bulk(id: string, body: string, type = 'application/json') {
  return composed.gateway.app.request(`${ORIGIN}/api/moves/${id}/repositories/bulk`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN, 'content-type': type },
    body,
  });
}

const repo = (name: string, fields: Partial<MoveRepository>): MoveRepository => ({
  name,
  targetName: name,
  visibility: 'private',
  step: 'waiting',
  ...fields,
});

/** A paused move (nothing new uploads or starts while the test looks). */
async function saveMove(id: string, repositories: MoveRepository[]): Promise<void> {
  const at = new Date().toISOString();
  const move: Move = {
    id,
    createdAt: at,
    updatedAt: at,
    state: 'paused',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: TARGET_ORG },
    request: { source: { kind: 'org', login: 'octo-org' }, target: { login: TARGET_ORG } } as Move['request'],
    afterValidation: 'unlock',
    repositories,
    requests: { source: 0, target: 0, targetPoints: 0 },
  };
  await composed.test.store.moves.save(move);
}

describe('POST /api/moves/{id}/repositories/bulk', () => {
  it('retries the failed names, skips the rest with why; the same request again acts on none', async () => {
    await saveMove('bulk-retry', [
      repo('docs', { step: 'failed', error: 'GitHub said no.' }),
      repo('cli-tools', { step: 'failed', error: 'GitHub said no.' }),
      repo('hello-world', { step: 'done' }),
    ]);
    const body = JSON.stringify({ action: 'retry', names: ['docs', 'cli-tools', 'hello-world', 'nope'] });
    const first = await bulk('bulk-retry', body);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as MoveBulkAnswer;
    expect(answer.acted).toEqual(['docs', 'cli-tools']);
    expect(answer.skipped).toEqual([
      { name: 'hello-world', reason: 'hello-world is done: only a failed or aborted repository is retried.' },
      { name: 'nope', reason: 'The move has no repository nope.' },
    ]);
    expect(answer.move.repositories.map((found) => found.step)).toEqual(['exporting', 'exporting', 'done']);
    const again = (await (await bulk('bulk-retry', body)).json()) as MoveBulkAnswer;
    expect(again.acted).toEqual([]);
    expect(again.skipped.map((skip) => skip.name)).toEqual(['docs', 'cli-tools', 'hello-world', 'nope']);
  });

  it('aborts only the stuck imports and unlocks only the sources not already asked', async () => {
    await saveMove('bulk-abort', [
      repo('docs', { step: 'queued', updatedAt: HOURS_AGO }),
      repo('cli-tools', { step: 'queued', updatedAt: new Date().toISOString() }),
      repo('hello-world', { step: 'failed', sourceLock: 'locked', batchId: 0 }),
      repo('octo-lib', { step: 'failed', sourceLock: 'locked', batchId: 1, unlockAsked: true }),
    ]);
    const aborted = (await (
      await bulk('bulk-abort', JSON.stringify({ action: 'abort', names: ['docs', 'cli-tools'] }))
    ).json()) as MoveBulkAnswer;
    expect(aborted.acted).toEqual(['docs']);
    expect(aborted.skipped).toEqual([
      {
        name: 'cli-tools',
        reason: 'cli-tools is queued and not stuck: only a stuck import is aborted all at once.',
      },
    ]);
    expect(aborted.move.repositories[0]?.step).toBe('aborted');
    const unlocked = (await (
      await bulk('bulk-abort', JSON.stringify({ action: 'unlock', names: ['hello-world', 'octo-lib'] }))
    ).json()) as MoveBulkAnswer;
    expect(unlocked.acted).toEqual(['hello-world']);
    expect(unlocked.skipped).toEqual([{ name: 'octo-lib', reason: "octo-lib's unlock is already asked." }]);
  });

  it('refuses hostile bodies with a 400 (415 for a body not JSON by type, 404 for a move it does not know)', async () => {
    await saveMove('bulk-hostile', [repo('docs', { step: 'failed' })]);
    const names = (count: number) => Array.from({ length: count }, (_, index) => `r${index}`);
    const cases: [string, number][] = [
      ['{"action":', 400],
      ['null', 400],
      ['[]', 400],
      [JSON.stringify({ action: 'retry' }), 400],
      [JSON.stringify({ action: 'retry', names: [] }), 400],
      [JSON.stringify({ action: 'delete', names: ['docs'] }), 400],
      [JSON.stringify({ action: 'retry', names: ['docs'], force: true }), 400],
      [JSON.stringify({ action: 'retry', names: ['do\u0000cs'] }), 400],
      [JSON.stringify({ action: 'retry', names: ['../docs'] }), 400],
      [JSON.stringify({ action: 'retry', names: ['x'.repeat(10_000)] }), 400],
      [JSON.stringify({ action: 'retry', names: [1] }), 400],
      [JSON.stringify({ action: 'retry', names: names(1_001) }), 400],
      [JSON.stringify({ action: 'retry', names: 'docs' }), 400],
      [JSON.stringify({ action: 'retry', names: ['docs'], pad: 'x'.repeat(1024 * 1024) }), 413],
    ];
    for (const [body, status] of cases) {
      const answer = await bulk('bulk-hostile', body);
      expect([body.slice(0, 60), answer.status]).toEqual([body.slice(0, 60), status]);
      expect(((await answer.json()) as { message: string }).message.length).toBeGreaterThan(5);
    }
    const valid = JSON.stringify({ action: 'retry', names: ['docs'] });
    expect((await bulk('bulk-hostile', valid, 'text/plain')).status).toBe(415);
    expect((await bulk('nope', valid)).status).toBe(404);
    expect((await bulk('a%00b', valid)).status).toBe(404);
    // Nothing hostile reached the move: its repository is as it was.
    const move = (await (
      await composed.gateway.app.request(`${ORIGIN}/api/moves/bulk-hostile`)
    ).json()) as Move;
    expect(move.repositories[0]?.step).toBe('failed');
  });
});
