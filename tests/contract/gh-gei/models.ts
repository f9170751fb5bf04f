/**
 * What gh-gei v1.32.0 reads out of its GraphQL answers (src/Octoshift/Models: Mannequin, Claimant,
 * GraphqlResult, CreateAttributionInvitationResult, ReattributeMannequinToUserResult), read as it reads them.
 */
import { type JToken, asObjectOrNull, asString, at } from './jtoken';

export interface Mannequin {
  id: string | null;
  login: string | null;
  /** `MappedUser`: the claimant, when `claimant` has any property. */
  mappedUser: { id: string | null; login: string | null } | null;
}

export interface Migration {
  state: string | null;
  repositoryName: string | null;
  warningsCount: number;
  failureReason: string | null;
  migrationLogUrl: string | null;
}

export interface UserInfo {
  id: string | null;
  login: string | null;
}

/** `GraphqlResult<T>` as `JObject.ToObject` fills it (case-insensitive property names). */
export interface AttributionResult {
  /** `Data.CreateAttributionInvitation` (or `Data.ReattributeMannequinToUser`). */
  data: { source: UserInfo | null; target: UserInfo | null } | null;
  /** false when `data` itself was null (gh-gei then dereferences null). */
  hasData: boolean;
  errors: { message: string | null; type: string | null }[] | null;
}

/** BuildMannequin: `claimant` must be present (`.Any()` on a C# null throws); JSON null or `{}` is no claimant. */
export function buildMannequin(mannequin: JToken): Mannequin {
  const claimant = at(mannequin, 'claimant');
  if (claimant === undefined)
    throw new Error('ArgumentNullException: Value cannot be null. (Parameter source)');
  const hasAny = claimant !== null && typeof claimant === 'object' && Object.keys(claimant).length > 0;
  return {
    id: asString(at(mannequin, 'id')),
    login: asString(at(mannequin, 'login')),
    mappedUser: hasAny ? { id: asString(at(claimant, 'id')), login: asString(at(claimant, 'login')) } : null,
  };
}

export function attributionResult(data: JToken, field: string): AttributionResult {
  const root = asObjectOrNull(data) ?? {};
  const key = (object: Record<string, JToken>, name: string) =>
    Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  const dataKey = key(root, 'data');
  const errorsKey = key(root, 'errors');
  const payloadData = dataKey === undefined ? null : asObjectOrNull(root[dataKey] ?? undefined);
  const errors = errorsKey === undefined ? null : root[errorsKey];
  const user = (token: JToken | undefined) =>
    token === undefined || token === null
      ? null
      : { id: asString(at(token, 'id')), login: asString(at(token, 'login')) };
  const fieldKey = payloadData === null ? undefined : key(payloadData, field);
  const payload = payloadData === null || fieldKey === undefined ? null : (payloadData[fieldKey] ?? null);
  return {
    hasData: payloadData !== null,
    data:
      payload === null ? null : { source: user(at(payload, 'source')), target: user(at(payload, 'target')) },
    errors: Array.isArray(errors)
      ? errors.map((error) => ({
          message: asString(at(error, 'message')),
          type: asString(at(error, 'type')),
        }))
      : null,
  };
}
