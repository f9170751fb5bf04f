import type { MoveState, MoveSummary } from '@/contracts/move-run';
import type { Tone } from '@/components/tone-chip';
import { countOf } from '@/lib/wave-summary';

const LABELS: Record<MoveState, string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Stopped',
  cancelled: 'Cancelled',
};

/** The move's state on its chip: a completed move with failed repositories says so, and is not a plain success. */
export function moveStateSummary(move: Pick<MoveSummary, 'state' | 'failed'>): { label: string; tone: Tone } {
  if (move.state === 'failed') return { label: LABELS.failed, tone: 'error' };
  if (move.state !== 'completed') return { label: LABELS[move.state], tone: 'default' };
  return move.failed > 0
    ? { label: `Completed, ${countOf(move.failed, 'repository', 'repositories')} failed`, tone: 'warning' }
    : { label: LABELS.completed, tone: 'success' };
}

/** "2 of 3 repositories done · 1 failed". */
export function moveLine(move: Pick<MoveSummary, 'repositories' | 'done' | 'failed'>): string {
  const parts = [
    `${move.done.toLocaleString('en')} of ${countOf(move.repositories, 'repository', 'repositories')} done`,
    move.failed > 0 ? `${move.failed.toLocaleString('en')} failed` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

export const isMoveFinished = (state: string) =>
  state === 'completed' || state === 'failed' || state === 'cancelled';
