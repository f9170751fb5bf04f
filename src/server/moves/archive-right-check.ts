import type { PreflightCheck } from '@/contracts/moves';
import type { PlannedRepo } from '@/contracts/waves';

/**
 * With `afterValidation: archive`, the source credential archives each repository once it is validated
 * (`PATCH /repos/{owner}/{repo}`, which GitHub refuses without admin rights). The listing already says, per
 * repository, what the credential's user may do (`permissions.admin`), so this costs no request. Pure.
 */
export function archiveRightCheck(repo: PlannedRepo, credential: string): PreflightCheck {
  if (repo.admin === true)
    return { check: 'source-archive-right', ok: true, reason: `${credential} may archive it on the source.` };
  return {
    check: 'source-archive-right',
    ok: false,
    reason:
      repo.admin === false
        ? `${credential} is not an admin of this repository on the source: GitHub would refuse to archive it (“Must have admin rights to Repository.”). Choose to unlock or keep it locked instead, or use a credential of an organization owner.`
        : `The source did not say whether ${credential} may administer this repository (no permissions in its listing), so archiving it cannot be promised.`,
  };
}
