import type { GraphqlError } from '@/contracts/github/gei';
import { TargetGraphqlError } from '../target-errors';

/**
 * Why GitHub refused a GEI operation, read from its error's `type` and words so a caller decides without parsing
 * messages: `name-taken` (a repository or a pending import has the name: never retry), `credential` (an App or
 * fine-grained token, a missing scope or role), `not-found` (an id GitHub does not know), `invalid` (another 422).
 */
export type GeiRefusal = 'name-taken' | 'credential' | 'not-found' | 'invalid' | 'other';

export function refusalOf(error: Pick<GraphqlError, 'type' | 'message'>): GeiRefusal {
  switch (error.type) {
    case 'FORBIDDEN':
    case 'INSUFFICIENT_SCOPES':
      return 'credential';
    case 'NOT_FOUND':
      return 'not-found';
    case 'UNPROCESSABLE':
      return /already exists/i.test(error.message) ? 'name-taken' : 'invalid';
    default:
      return 'other';
  }
}

/** GitHub refused a GEI operation: its message and type kept, `refusal` classified (a TargetGraphqlError). */
export class GeiRefusedError extends TargetGraphqlError {
  override name = 'GeiRefusedError';
  readonly refusal: GeiRefusal;
  constructor(
    readonly operation: string,
    error: Pick<GraphqlError, 'type' | 'message'>,
  ) {
    super(error.message, error.type);
    this.refusal = refusalOf(error);
  }
}

/**
 * An upload to GitHub-owned storage that cannot go on: `refused` (GitHub's 4xx: credential, size, a part out of
 * order; its words kept), `failed` (a 5xx: try again later), `hostile` (an answer no storage sends: no `Location`,
 * a `Location` on another host, a 201 that is not the archive's JSON). Transport faults are UpstreamFailureError.
 */
export class ArchiveUploadError extends Error {
  override name = 'ArchiveUploadError';
  constructor(
    readonly kind: 'refused' | 'failed' | 'hostile',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
