import { describe, expect, it } from 'vitest';
import type { Move } from '@/contracts/move-run';
import type { MoveStore } from '@/server/store/move-store';
import type { MoveContext, UploadProgress } from './move-context';
import { uploadMove } from './upload-move';

const AT = '2026-11-20T12:00:00.000Z';

/** A move of one verified archive, in a store kept in memory (changes applied as the real store applies them). */
function storeOfOne(): MoveStore & { now(): Move } {
  let move: Move = {
    id: 'm-1',
    createdAt: AT,
    updatedAt: AT,
    state: 'running',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target', databaseId: 7 },
    request: {} as Move['request'],
    afterValidation: 'unlock',
    repositories: [
      {
        name: 'docs',
        targetName: 'docs',
        visibility: 'private',
        step: 'verified',
        archive: { file: '/archives/docs.tar.gz', bytes: 3, sha256: 'a'.repeat(64) },
      },
    ],
    requests: { source: 0, target: 0, targetPoints: 0 },
  };
  return {
    now: () => move,
    list: () => Promise.resolve([move]),
    get: (id) => Promise.resolve(id === move.id ? move : undefined),
    save: (next) => Promise.resolve(void (move = next)),
    update: (id, change) => Promise.resolve(id === move.id ? (move = change(move)) : undefined),
  };
}

describe('a move-upload job', () => {
  it('stops when its lease is lost: the signal reaches the upload, and nothing more is written', async () => {
    const moves = storeOfOne();
    const lease = new AbortController();
    const sent: string[] = [];
    const part = (parts: number): UploadProgress => ({ location: 'https://up/1', bytesSent: parts, parts });
    const context = {
      moves,
      jobs: { send: (queue: string) => Promise.resolve(void sent.push(queue)) },
      now: () => Date.parse(AT),
      log: () => undefined,
      // Storage as uploadArchive meets it: a part, then (the lease lost meanwhile) the next only if still allowed.
      async upload({ onPart, signal }: Parameters<MoveContext['upload']>[0]) {
        await onPart(part(1));
        lease.abort(new Error('lease lost'));
        signal?.throwIfAborted();
        await onPart(part(2));
        return { uri: 'gei://archive/1', bytes: 3 };
      },
    } as unknown as MoveContext;
    await uploadMove(
      context,
      { moveId: 'm-1', name: 'docs' },
      { id: 'job-1', retryCount: 4, signal: lease.signal },
    );
    const [repo] = moves.now().repositories;
    // Left as the part reached: the gateway that takes the job next resumes there; not failed, not uploaded.
    expect(repo?.step).toBe('uploading');
    expect(repo?.upload).toMatchObject({ job: 'job-1', parts: 1, bytesSent: 1 });
    expect(sent).toEqual([]);
  });
});
