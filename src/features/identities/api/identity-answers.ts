import type { IdentitiesAnswer, IdentityDraftsSaved, ReclaimAnswer } from '@/contracts/identities';
import { isRecord, ShapeError } from '@/contracts/json';

/** The page's edge for `/api/identities/*`: an answer is drawn only once its shape is the one promised. */
const malformed = (what: string) => new ShapeError('ferry', `Ferry’s server sent ${what} it could not read.`);
const isArrayOf = (value: unknown, check: (item: unknown) => boolean) =>
  Array.isArray(value) && value.every(check);
const isString = (value: unknown) => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

const isMannequin = (m: unknown) =>
  isRecord(m) &&
  isString(m.id) &&
  isString(m.login) &&
  isNullableString(m.email) &&
  (m.databaseId === null || typeof m.databaseId === 'number') &&
  (m.claimant === null || (isRecord(m.claimant) && isString(m.claimant.login)));
const isMember = (m: unknown) => isRecord(m) && isString(m.login) && isString(m.email);
const isReason = (why: unknown) => why === 'email' || why === 'archive-email' || why === 'login';
const isSuggestion = (s: unknown) =>
  isRecord(s) && isString(s.mannequinId) && isString(s.targetUser) && isReason(s.why);
const isPersonSuggestion = (s: unknown) =>
  s === undefined || (isRecord(s) && isString(s.targetUser) && isReason(s.why));
const isArchiveUser = (u: unknown) =>
  isRecord(u) &&
  isString(u.login) &&
  isNullableString(u.name) &&
  isArrayOf(u.emails, isString) &&
  isPersonSuggestion(u.suggestion);
const isCommitAuthor = (a: unknown) =>
  isRecord(a) &&
  isString(a.name) &&
  isString(a.email) &&
  (a.from === 'archive' || a.from === 'import') &&
  isPersonSuggestion(a.suggestion);
const isArchiveReading = (r: unknown) =>
  isRecord(r) &&
  isString(r.repository) &&
  (r.state === 'read' || r.state === 'reading' || r.state === 'refused');
/** Added later to the answer: absent from an older gateway's. */
const isOptionalArrayOf = (value: unknown, check: (item: unknown) => boolean) =>
  value === undefined || isArrayOf(value, check);
const isDraft = (d: unknown) =>
  isRecord(d) &&
  isString(d.mannequinId) &&
  isString(d.targetUser) &&
  typeof d.version === 'number' &&
  typeof d.databaseId === 'number';
const isInvitation = (i: unknown) => isRecord(i) && isString(i.mannequinId) && isString(i.targetUser);

export function parseIdentities(value: unknown): IdentitiesAnswer {
  if (
    !isRecord(value) ||
    !isString(value.target) ||
    !isArrayOf(value.mannequins, isMannequin) ||
    !isArrayOf(value.members, isMember) ||
    !isArrayOf(value.suggestions, isSuggestion) ||
    !isArrayOf(value.drafts, isDraft) ||
    !isArrayOf(value.invitations, isInvitation) ||
    !isOptionalArrayOf(value.reattributions, isInvitation) ||
    !isOptionalArrayOf(value.archiveUsers, isArchiveUser) ||
    !isOptionalArrayOf(value.commitAuthors, isCommitAuthor) ||
    !isOptionalArrayOf(value.archives, isArchiveReading) ||
    !isOptionalArrayOf(value.imports, isArchiveReading)
  )
    throw malformed('the identity map');
  return value as unknown as IdentitiesAnswer;
}

export function parseDraftsSaved(value: unknown): IdentityDraftsSaved {
  if (!isRecord(value) || !isArrayOf(value.results, (r) => isRecord(r) && isDraft(r.draft)))
    throw malformed('the saved mappings');
  return value as unknown as IdentityDraftsSaved;
}

export function parseReclaimAnswer(value: unknown): ReclaimAnswer {
  if (
    !isRecord(value) ||
    !isArrayOf(
      value.results,
      (r) =>
        isRecord(r) &&
        isString(r.mannequinId) &&
        (r.result === 'invited' || r.result === 'reattributed' || r.result === 'refused'),
    )
  )
    throw malformed('the invitations’ results');
  return value as unknown as ReclaimAnswer;
}
