import type { Move, MoveRepository } from '@/contracts/move-run';

/** A move's repository for tests: private, `waiting`, changed at `updatedAt` (now unless given). */
export function buildMoveRepository(name: string, change: Partial<MoveRepository> = {}): MoveRepository {
  return {
    name,
    targetName: name,
    visibility: 'private',
    step: 'waiting',
    updatedAt: new Date().toISOString(),
    ...change,
  };
}

/** A running move of octo-org into octo-target for tests, created at `createdAt` (now unless given). */
export function buildMove(repositories: MoveRepository[], change: Partial<Move> = {}): Move {
  const at = change.createdAt ?? new Date().toISOString();
  return {
    id: 'm',
    createdAt: at,
    updatedAt: at,
    state: 'running',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    request: {} as Move['request'],
    afterValidation: 'unlock',
    repositories,
    requests: { source: 0, target: 0, targetPoints: 0 },
    ...change,
  };
}
