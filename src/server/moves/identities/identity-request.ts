import { CREDENTIAL_NAME } from '@/contracts/credentials';
import { isLogin } from '@/contracts/github/names';
import {
  MAX_RECLAIM_MAPPINGS,
  NODE_ID_PATTERN,
  type IdentityDraftsSave,
  type ReclaimRequest,
} from '@/contracts/identities';
import { isRecord } from '@/contracts/json';

/**
 * The identity routes' input, checked at the edge, strictly: known fields only, GitHub's naming rules, bounded
 * lists. Each parser answers the value or a reason (400 for the route).
 */
export interface Refusal {
  refused: string;
}
export const isRefusal = (value: unknown): value is Refusal => isRecord(value) && 'refused' in value;

const refuse = (refused: string): Refusal => ({ refused });
const CLIENT = /^[A-Za-z0-9_-]{8,64}$/;
/** Mappings and draft saves per request: the reclaim's bound (GitHub's pace makes 1,000 take ~4 minutes). */
export const MAX_DRAFT_SAVES = MAX_RECLAIM_MAPPINGS;

const unknownField = (value: Record<string, unknown>, known: readonly string[]) =>
  Object.keys(value).find((key) => !known.includes(key));

/** `?target=<org>&credential=<name>` of the GET routes. */
export function parseTargetQuery(target: string | undefined, credential: string | undefined) {
  if (target === undefined || !isLogin(target)) return refuse('target is the target organization’s login.');
  if (credential !== undefined && !CREDENTIAL_NAME.test(credential))
    return refuse('credential is the name of a configured target credential.');
  return { target, ...(credential !== undefined ? { credential } : {}) };
}

const isMannequinId = (value: unknown): value is string =>
  typeof value === 'string' && NODE_ID_PATTERN.test(value);
/** A member's login, or '' in a draft: "nobody" chosen on purpose. */
const isTargetUser = (value: unknown, allowEmpty: boolean): value is string =>
  typeof value === 'string' && ((allowEmpty && value === '') || isLogin(value));
const isDatabaseId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) < 2 ** 31;

export function parseReclaimRequest(body: unknown): ReclaimRequest | Refusal {
  if (!isRecord(body))
    return refuse('Send { target, credential?, mappings: [{ mannequinId, targetUser }], skipInvitation? }.');
  const stray = unknownField(body, ['target', 'credential', 'mappings', 'skipInvitation']);
  if (stray !== undefined) return refuse(`Unknown field ${JSON.stringify(stray.slice(0, 40))}.`);
  const query = parseTargetQuery(
    typeof body.target === 'string' ? body.target : undefined,
    body.credential === undefined ? undefined : typeof body.credential === 'string' ? body.credential : '',
  );
  if (isRefusal(query)) return query;
  if (body.skipInvitation !== undefined && typeof body.skipInvitation !== 'boolean')
    return refuse('skipInvitation is true or false.');
  if (!Array.isArray(body.mappings) || body.mappings.length === 0)
    return refuse('mappings is a list of { mannequinId, targetUser }.');
  if (body.mappings.length > MAX_RECLAIM_MAPPINGS)
    return refuse(`At most ${MAX_RECLAIM_MAPPINGS} mappings per request.`);
  const seen = new Set<string>();
  const mappings: ReclaimRequest['mappings'] = [];
  for (const [index, mapping] of body.mappings.entries()) {
    if (!isRecord(mapping) || unknownField(mapping, ['mannequinId', 'targetUser']) !== undefined)
      return refuse(`mappings[${index}] is { mannequinId, targetUser }.`);
    if (!isMannequinId(mapping.mannequinId))
      return refuse(`mappings[${index}].mannequinId is not a node id.`);
    if (!isTargetUser(mapping.targetUser, false))
      return refuse(`mappings[${index}].targetUser is not a GitHub login.`);
    if (seen.has(mapping.mannequinId)) return refuse(`mappings[${index}] names a mannequin a second time.`);
    seen.add(mapping.mannequinId);
    mappings.push({ mannequinId: mapping.mannequinId, targetUser: mapping.targetUser });
  }
  return { ...query, mappings, ...(body.skipInvitation === true ? { skipInvitation: true } : {}) };
}

export function parseDraftsSave(body: unknown): IdentityDraftsSave | Refusal {
  const shape = `Send { client, saves: [{ mannequinId, databaseId, targetUser, baseVersion }] } with at most ${MAX_DRAFT_SAVES} saves.`;
  if (!isRecord(body) || unknownField(body, ['client', 'saves']) !== undefined) return refuse(shape);
  if (typeof body.client !== 'string' || !CLIENT.test(body.client)) return refuse(shape);
  if (!Array.isArray(body.saves) || body.saves.length > MAX_DRAFT_SAVES) return refuse(shape);
  const saves: IdentityDraftsSave['saves'] = [];
  for (const [index, save] of body.saves.entries()) {
    if (
      !isRecord(save) ||
      unknownField(save, ['mannequinId', 'databaseId', 'targetUser', 'baseVersion']) !== undefined ||
      !isMannequinId(save.mannequinId) ||
      !isDatabaseId(save.databaseId) ||
      !isTargetUser(save.targetUser, true) ||
      !Number.isSafeInteger(save.baseVersion) ||
      (save.baseVersion as number) < 0
    )
      return refuse(
        `saves[${index}] is { mannequinId, databaseId, targetUser ('' for nobody), baseVersion }.`,
      );
    saves.push({
      mannequinId: save.mannequinId,
      databaseId: save.databaseId,
      targetUser: save.targetUser,
      baseVersion: save.baseVersion as number,
    });
  }
  return { client: body.client, saves };
}
