import type { TargetVisibility } from '@/contracts/moves';

/**
 * A repository's visibility on the target, by GitHub's rules for GEI's `targetRepoVisibility` (private, public
 * or internal; whole-move.md §1.2): by default the source's own; `internal` only in an organization an
 * enterprise owns. `enterprise` undefined: Ferry cannot tell (this slice reads no enterprise), so `internal` is
 * refused with that reason rather than left to fail the import.
 */
export interface VisibilityDecision {
  visibility: TargetVisibility;
  ok: boolean;
  reason: string;
}

export function targetVisibility(
  source: 'public' | 'private',
  asked: TargetVisibility | undefined,
  target: { login: string; enterprise?: boolean },
): VisibilityDecision {
  const visibility = asked ?? source;
  if (visibility !== 'internal')
    return {
      visibility,
      ok: true,
      reason: asked ? `${visibility}, as chosen` : `${visibility}, as on the source`,
    };
  if (target.enterprise === true) return { visibility, ok: true, reason: 'internal, as chosen' };
  return {
    visibility,
    ok: false,
    reason:
      target.enterprise === false
        ? `Internal repositories exist only in organizations an enterprise owns; ${target.login} is not one.`
        : `Internal repositories exist only in organizations an enterprise owns; Ferry cannot tell yet whether ${target.login} is one: choose private or public.`,
  };
}
