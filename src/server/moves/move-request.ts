import { CREDENTIAL_NAME } from '@/contracts/credentials';
import { isLogin, isRepoName } from '@/contracts/github/names';
import { isRecord, type JsonRecord } from '@/contracts/json';
import {
  MAX_MOVE_REPOSITORIES,
  TARGET_VISIBILITIES,
  type MovePlanRequest,
  type MoveRepositoryChoice,
  type TargetVisibility,
} from '@/contracts/moves';
import { parsePlanRequest } from '@/server/waves/routes';

/**
 * A move's plan request, validated at the edge and strictly: an unknown field, a value out of range or a name
 * GitHub would refuse is a refusal that says which (never a silent default, never a 500). Filters and caps are
 * a wave's and are read by the wave's own parser (`parsePlanRequest`); this adds the strictness a new route can
 * afford and the move's own fields.
 */
export type MoveInvalid = { error: string; status: 400 | 422; code: string };

const TOP = ['source', 'target', 'filters', 'caps', 'repositories'];
const SOURCE = ['kind', 'login', 'credential'];
const TARGET = ['login', 'credential'];
const FILTERS = [
  'namePattern',
  'languages',
  'visibility',
  'archived',
  'minSizeKb',
  'maxSizeKb',
  'pushedAfter',
  'pushedBefore',
];
const CAPS = ['maxRepos', 'maxSizeKb', 'concurrency'];
const CHOICE = ['name', 'targetName', 'visibility'];

const refuse = (error: string, status: 400 | 422 = 422, code = 'INVALID'): MoveInvalid => ({
  error,
  status,
  code,
});

export const isMoveInvalid = (value: unknown): value is MoveInvalid =>
  isRecord(value) && typeof value.error === 'string' && typeof value.code === 'string';

/** An object with only `known` keys, or the refusal naming the first other one (cut: it is the caller's text). */
function strictObject(value: unknown, where: string, known: readonly string[]): JsonRecord | MoveInvalid {
  if (value === undefined) return {};
  if (!isRecord(value)) return refuse(`${where} must be an object.`);
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  return unknown === undefined
    ? value
    : refuse(`${where} has an unknown field ${JSON.stringify(unknown.slice(0, 40))}.`);
}

function credentialOf(value: unknown, where: string): string | undefined | MoveInvalid {
  if (value === undefined) return undefined;
  return typeof value === 'string' && CREDENTIAL_NAME.test(value)
    ? value
    : refuse(`${where} is not a credential name.`);
}

function choicesOf(value: unknown): MoveRepositoryChoice[] | undefined | MoveInvalid {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_MOVE_REPOSITORIES)
    return refuse(`repositories: a list of at most ${MAX_MOVE_REPOSITORIES} choices.`);
  const seen = new Set<string>();
  const choices: MoveRepositoryChoice[] = [];
  for (const [index, item] of value.entries()) {
    const where = `repositories[${index}]`;
    const entry = strictObject(item, where, CHOICE);
    if (isMoveInvalid(entry)) return entry;
    const { name, targetName, visibility } = entry;
    if (typeof name !== 'string' || !isRepoName(name))
      return refuse(`${where}.name is not a repository name GitHub accepts.`);
    if (seen.has(name.toLowerCase())) return refuse(`${where}: ${name} is chosen twice.`);
    seen.add(name.toLowerCase());
    if (targetName !== undefined && (typeof targetName !== 'string' || !isRepoName(targetName)))
      return refuse(`${where}.targetName is not a repository name GitHub accepts.`);
    if (visibility !== undefined && !TARGET_VISIBILITIES.includes(visibility as TargetVisibility))
      return refuse(`${where}.visibility is one of ${TARGET_VISIBILITIES.join(', ')}.`);
    choices.push({
      name,
      ...(typeof targetName === 'string' ? { targetName } : {}),
      ...(visibility === undefined ? {} : { visibility: visibility as TargetVisibility }),
    });
  }
  return choices;
}

export function parseMoveRequest(body: unknown): MovePlanRequest | MoveInvalid {
  if (!isRecord(body)) return refuse('Send a JSON object.', 400, 'BAD_JSON');
  const top = strictObject(body, 'The request', TOP);
  if (isMoveInvalid(top)) return top;
  if (!isRecord(body.source) || !isRecord(body.target))
    return refuse('Name the source ({ kind: "org", login }) and the target ({ login }).');
  const source = strictObject(body.source, 'source', SOURCE);
  const target = strictObject(body.target, 'target', TARGET);
  const filters = strictObject(body.filters, 'filters', FILTERS);
  const caps = strictObject(body.caps, 'caps', CAPS);
  for (const part of [source, target, filters, caps]) if (isMoveInvalid(part)) return part;
  const s = source as JsonRecord;
  const t = target as JsonRecord;
  if (s.kind !== 'org') return refuse('source.kind is "org": a move takes an organization’s repositories.');
  if (typeof s.login !== 'string' || !isLogin(s.login))
    return refuse('source.login is not an organization login GitHub accepts.');
  if (typeof t.login !== 'string' || !isLogin(t.login))
    return refuse('target.login is not an organization login GitHub accepts.');
  const sourceCredential = credentialOf(s.credential, 'source.credential');
  const targetCredential = credentialOf(t.credential, 'target.credential');
  if (isMoveInvalid(sourceCredential)) return sourceCredential;
  if (isMoveInvalid(targetCredential)) return targetCredential;

  // The wave's parser reads filters and caps; what it would have replaced by a default is refused here.
  const wave = parsePlanRequest({ owner: { kind: 'org', login: s.login }, filters, caps });
  if ('error' in wave) return refuse(wave.error, wave.status ?? 422, wave.code ?? 'INVALID');
  const f = filters as JsonRecord;
  for (const key of ['visibility', 'archived', 'minSizeKb', 'maxSizeKb', 'pushedAfter', 'pushedBefore'])
    if (
      f[key] !== undefined &&
      f[key] !== null &&
      f[key] !== '' &&
      f[key] !== (wave.filters as JsonRecord)[key]
    )
      return refuse(`filters.${key} is not a value a wave takes.`);
  if (
    f.languages !== undefined &&
    (!Array.isArray(f.languages) || f.languages.length !== (wave.filters.languages ?? []).length)
  )
    return refuse('filters.languages: up to 50 language names.');
  for (const key of CAPS) {
    const given = (caps as JsonRecord)[key];
    if (given !== undefined && given !== (wave.caps as unknown as JsonRecord)[key])
      return refuse(`caps.${key} is not a value a wave takes (a whole number in its range).`);
  }
  const repositories = choicesOf(body.repositories);
  if (isMoveInvalid(repositories)) return repositories;
  return {
    source: { kind: 'org', login: s.login, ...(sourceCredential ? { credential: sourceCredential } : {}) },
    target: { login: t.login, ...(targetCredential ? { credential: targetCredential } : {}) },
    filters: wave.filters,
    caps: wave.caps,
    ...(repositories ? { repositories } : {}),
  };
}
