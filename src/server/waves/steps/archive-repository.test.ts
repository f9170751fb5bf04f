import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import type { GithubAnswer, GithubClient } from '../github-client';
import type { WaveContext } from '../wave-context';
import { archiveRepository } from './archive-repository';

/** The wave's client answering `status` with `body`; what was sent, and the wave's requests as recorded. */
function contextAnswering(status: number, body: unknown) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let wave = {
    id: 'w-1',
    owner: { kind: 'org', login: 'octo-org' },
    requests: 3,
    batches: [],
    state: 'completed',
  } as unknown as Wave;
  const client = {
    write: (method: string, path: string, sentBody?: unknown) => {
      sent.push({ method, path, body: sentBody });
      const answer: GithubAnswer<unknown> = { status, body, headers: new Headers(), notModified: false };
      return Promise.resolve(answer);
    },
  } as unknown as GithubClient;
  const context = {
    clientFor: () => client,
    now: () => Date.parse('2026-11-26T12:00:00Z'),
    repository: {
      update: (_id: string, change: (current: Wave) => Wave) => {
        wave = change(wave);
        return Promise.resolve(wave);
      },
    },
  } as unknown as WaveContext;
  return { context, sent, wave: () => wave };
}

describe('archiving a repository through the wave’s client', () => {
  it('sends PATCH repos/{owner}/{repo} {archived: true}; GitHub’s 200 with archived is the confirmation, counted', async () => {
    const { context, sent, wave } = contextAnswering(200, { archived: true, full_name: 'octo-org/a b' });
    expect(await archiveRepository(context, wave(), 'a b')).toEqual({ archived: true });
    expect(sent).toEqual([{ method: 'PATCH', path: 'repos/octo-org/a%20b', body: { archived: true } }]);
    expect(wave().requests).toBe(4);
  });

  it('a refusal is GitHub’s status and words (bounded), not a confirmation; a 5xx throws to be tried again', async () => {
    const refused = contextAnswering(403, { message: 'Must have admin rights to Repository.' });
    expect(await archiveRepository(refused.context, refused.wave(), 'a')).toEqual({
      archived: false,
      status: 403,
      message: 'Must have admin rights to Repository.',
    });
    const long = contextAnswering(404, { message: 'x'.repeat(5_000) });
    const answer = await archiveRepository(long.context, long.wave(), 'a');
    expect(answer.archived === false && answer.message.length).toBe(300);
    // A 200 that does not say archived is not taken as archived.
    const unsaid = contextAnswering(200, { archived: false });
    expect((await archiveRepository(unsaid.context, unsaid.wave(), 'a')).archived).toBe(false);
    const down = contextAnswering(502, { message: 'Bad gateway' });
    await expect(archiveRepository(down.context, down.wave(), 'a')).rejects.toThrow();
  });
});
