import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { useMapCommitAuthor } from '../api/map-commit-author';
import type { PendingChange } from '../utils/author-edits';
import { SaveControl } from '../utils/save-control';
import { SAVE_SPACING_MS } from '../utils/save-spacing';
import { saveSerially } from '../utils/serial-save';

export type SaveStatus = 'idle' | 'saving' | 'paused' | 'stopped' | 'done';

export interface SaveProgress {
  status: SaveStatus;
  done: number;
  total: number;
  /** Mean time of one write so far (for the estimate); the spacing comes on top. */
  averageWriteMs?: number;
}

function errorText(error: unknown): string {
  if (isApiError(error)) {
    const fields = error.fieldErrors.map(
      (field) => field.message ?? `${field.field ?? 'request'} ${field.code}`,
    );
    return fields.length > 0 ? fields.join('; ') : error.message;
  }
  return error instanceof Error ? error.message : 'The save failed.';
}

/** While GitHub's rate limit is in force every write would fail at once: the queue waits it out instead. */
async function rateLimitLifted(current: SaveControl): Promise<void> {
  for (;;) {
    const { blockedUntil } = rateLimitStore.getSnapshot();
    if (blockedUntil === undefined || blockedUntil <= Date.now() || current.stopped) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(blockedUntil - Date.now(), 1_000)));
  }
}

export interface AuthorSaveCallbacks {
  onSaved: (id: number) => void;
  onFailed: (id: number, message: string) => void;
}

/**
 * The serial save of author mappings (one write a second, as GitHub asks), with pause, resume and stop.
 * Stopping or leaving the page keeps every unsaved edit; only saved rows leave the edits.
 */
export function useAuthorSave(
  owner: string,
  repo: string,
  authorsKey: QueryKey,
  callbacks: AuthorSaveCallbacks,
) {
  const mapping = useMapCommitAuthor(owner, repo, authorsKey);
  const control = useRef<SaveControl | undefined>(undefined);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  const [progress, setProgress] = useState<SaveProgress>({ status: 'idle', done: 0, total: 0 });
  useEffect(() => () => control.current?.stop(), []);

  const { mutateAsync } = mapping;
  const start = useCallback(
    async (changes: readonly PendingChange[]) => {
      if (changes.length === 0) return;
      const current = new SaveControl();
      control.current = current;
      let writes = 0;
      let writeMs = 0;
      setProgress({ status: 'saving', done: 0, total: changes.length });
      await saveSerially(
        changes,
        (change) => change.id,
        async (change) => {
          const started = performance.now();
          try {
            await mutateAsync(change);
            latest.current.onSaved(change.id);
          } catch (error) {
            latest.current.onFailed(change.id, errorText(error));
            throw error;
          } finally {
            writes += 1;
            writeMs += performance.now() - started;
          }
        },
        {
          spacingMs: SAVE_SPACING_MS,
          gate: async () => {
            await rateLimitLifted(current);
            return current.gate();
          },
          onProgress: (done, total) =>
            setProgress((state) => ({ ...state, done, total, averageWriteMs: writeMs / writes })),
        },
      );
      if (control.current === current) control.current = undefined;
      setProgress((state) => ({ ...state, status: current.stopped ? 'stopped' : 'done' }));
    },
    [mutateAsync],
  );

  const pause = useCallback(() => {
    control.current?.pause();
    setProgress((state) => (state.status === 'saving' ? { ...state, status: 'paused' } : state));
  }, []);
  const resume = useCallback(() => {
    control.current?.resume();
    setProgress((state) => (state.status === 'paused' ? { ...state, status: 'saving' } : state));
  }, []);
  const stop = useCallback(() => {
    control.current?.stop();
    setProgress((state) => ({ ...state, status: 'stopped' }));
  }, []);

  return { progress, start, pause, resume, stop };
}
