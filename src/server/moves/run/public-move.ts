import type { Move, MoveRepository } from '@/contracts/move-run';
import { estimateMove } from './move-estimate';

/**
 * A move as the gateway answers it. The multipart upload's `location` carries the storage session's `upload_id`,
 * which lets whoever holds it add parts (threats.md: such addresses are stored, never returned whole): the answer
 * keeps the progress (bytes, parts) and drops the address. A running move gains its `estimate`, computed now.
 */
export function publicMove(move: Move, now = Date.now()): Move {
  const estimate = estimateMove(move, now);
  return {
    ...move,
    repositories: move.repositories.map(publicRepository),
    estimate,
  };
}

function publicRepository(repo: MoveRepository): MoveRepository {
  if (!repo.upload?.location) return repo;
  const upload = { ...repo.upload };
  delete upload.location;
  return { ...repo, upload };
}
