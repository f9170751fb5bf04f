import { finiteNumberOf, isRecord, ShapeError, stringOf } from './json';

/**
 * The identity map of a move's target (issue 36): the organization's mannequins (source users with no account
 * there, holding their non-commit activity), its members, suggestions, the map a person edits (saved as drafts),
 * the CSV `gh gei reclaim-mannequin --csv` reads and the attribution invitations Ferry sends.
 */

export interface Claimant {
  id: string;
  login: string;
}

export interface Mannequin {
  /** GitHub's node id (`M_…`): gh gei's `mannequin-id`. */
  id: string;
  /** GitHub's database id: the key of the mannequin's draft in the store. */
  databaseId: number | null;
  login: string;
  email: string | null;
  /** The member who accepted an attribution invitation (the mannequin is then reclaimed). */
  claimant: Claimant | null;
}

export interface Member {
  id: string;
  login: string;
  /** The public e-mail of the profile ('' when the member shows none). */
  email: string;
  name: string | null;
}

/** `archive-email`: the mannequin has no e-mail; the archive's user of the same login has the member's. */
export type SuggestionReason = 'email' | 'archive-email' | 'login';

export interface Suggestion {
  mannequinId: string;
  targetUser: string;
  why: SuggestionReason;
}

/** A member suggested for someone who is no mannequin (an archive user, a commit author). */
export interface PersonSuggestion {
  targetUser: string;
  why: SuggestionReason;
}

/** A user record of a move's archive (`users_*.json`): who the source knew, with the e-mails it holds. */
export interface ArchiveUser {
  login: string;
  name: string | null;
  emails: string[];
  suggestion?: PersonSuggestion;
}

/**
 * A distinct commit author (name and e-mail) in a move's archives (`archive`) or a source import's author
 * mapping (`import`: the author as mapped, `repository` the import's, `remoteName` the name the import found).
 * Information only: commits keep their e-mail, so a commit author is never a row of the reclaim CSV.
 */
export interface CommitAuthor {
  name: string;
  email: string;
  from: 'archive' | 'import';
  repository?: string;
  remoteName?: string;
  suggestion?: PersonSuggestion;
}

/**
 * One archive of a move to this target (or one source import, in `imports`), as the map read it: `reading` until
 * done, `refused` with why.
 */
export interface ArchiveReading {
  repository: string;
  state: 'read' | 'reading' | 'refused';
  note?: string;
}

/** A mapping in the map being edited: `targetUser` '' means "nobody" (chosen on purpose). */
export interface IdentityDraft {
  mannequinId: string;
  databaseId: number;
  targetUser: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
}

/** An invitation Ferry sent (GitHub shows no pending invitation in its API): accepted once `claimant` is set. */
export interface SentInvitation {
  mannequinId: string;
  targetUser: string;
  sentAt: string;
}

/** `reattributed`: claimed at once by Ferry without an invitation (EMU); `accepted`: claimed otherwise. */
export type InvitationState = 'none' | 'invited' | 'accepted' | 'reattributed';

/** `GET /api/identities?target=&credential=` */
export interface IdentitiesAnswer {
  target: string;
  credential: string;
  mannequins: Mannequin[];
  members: Member[];
  suggestions: Suggestion[];
  drafts: IdentityDraft[];
  invitations: SentInvitation[];
  /** Mannequins Ferry reattributed without an invitation (EMU: `skipInvitation`), `sentAt` = when; absent before. */
  reattributions?: SentInvitation[];
  /** Set when a list stopped at the page bound: what was cut. */
  cut?: string;
  /** Users of the archives of the moves into this target (merged by login). */
  archiveUsers?: ArchiveUser[];
  /** Distinct commit authors of those archives. */
  commitAuthors?: CommitAuthor[];
  /** Each archive read for them (none: no move into this target holds a verified archive yet). */
  archives?: ArchiveReading[];
  /** Each source import Ferry followed whose author mapping was read for `commitAuthors`. */
  imports?: ArchiveReading[];
}

/** `PUT /api/identities/drafts?target=`: the author editor's draft protocol, per mannequin. */
export interface IdentityDraftsSave {
  client: string;
  saves: { mannequinId: string; databaseId: number; targetUser: string; baseVersion: number }[];
}

export interface IdentityDraftsSaved {
  results: {
    draft: IdentityDraft;
    overwrote?: { updatedBy: string; updatedAt: string; targetUser: string };
  }[];
}

export const MAX_RECLAIM_MAPPINGS = 1_000;

/** `POST /api/identities/reclaim` */
export interface ReclaimRequest {
  target: string;
  credential?: string;
  mappings: { mannequinId: string; targetUser: string }[];
  /**
   * `reattributeMannequinToUser` instead of an invitation (gh gei's `--skip-invitation`): GitHub allows it for
   * organizations of Enterprise Managed Users only, and refuses it elsewhere in its own words.
   */
  skipInvitation?: boolean;
}

/** `reattributed`: done at once (EMU, `skipInvitation`); `invited`: the member accepts from GitHub's e-mail. */
export type ReclaimResultKind = 'invited' | 'reattributed' | 'refused';

export interface ReclaimAnswer {
  results: { mannequinId: string; targetUser: string; result: ReclaimResultKind; reason?: string }[];
  /** Set when GitHub's limits stopped the sending: the rest are refused "not sent", try again after this. */
  retryAfterSeconds?: number;
}

/** gh gei's header, exactly (`ReclaimService.CSVHEADER`). */
export const RECLAIM_CSV_HEADER = ['mannequin-user', 'mannequin-id', 'target-user'] as const;

/** A GitHub node id as GitHub issues them (`M_kgDO…`, `U_kgDO…`, `MDQ6VXNlcjE=`). */
export const NODE_ID_PATTERN = /^[A-Za-z0-9_=+/-]{1,100}$/;

const malformed = (what: string) =>
  new ShapeError('github', `Unexpected ${what} in GitHub’s answer about identities.`);

/** Strings from the other side are cut: a hostile answer cannot grow the map's rows. */
const cut = (value: string, max: number) => value.slice(0, max);

export interface Page<T> {
  nodes: T[];
  endCursor: string | null;
  hasNextPage: boolean;
}

function pageOf<T>(value: unknown, what: string, node: (item: unknown) => T): Page<T> {
  if (!isRecord(value) || !Array.isArray(value.nodes) || !isRecord(value.pageInfo)) throw malformed(what);
  const { endCursor, hasNextPage } = value.pageInfo;
  if (typeof hasNextPage !== 'boolean') throw malformed(what);
  return {
    nodes: value.nodes.slice(0, 100).map(node),
    endCursor: stringOf(endCursor)?.slice(0, 200) ?? null,
    hasNextPage,
  };
}

function claimantOf(value: unknown): Claimant | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw malformed('claimant');
  const id = stringOf(value.id);
  const login = stringOf(value.login);
  if (!id || !login) throw malformed('claimant');
  return { id: cut(id, 100), login: cut(login, 100) };
}

function mannequinOf(value: unknown): Mannequin {
  if (!isRecord(value)) throw malformed('mannequin');
  const id = stringOf(value.id);
  const login = stringOf(value.login);
  if (!id || !NODE_ID_PATTERN.test(id) || !login) throw malformed('mannequin');
  const databaseId = finiteNumberOf(value.databaseId);
  return {
    id,
    databaseId: databaseId !== undefined && Number.isSafeInteger(databaseId) ? databaseId : null,
    login: cut(login, 100),
    email: stringOf(value.email) ? cut(stringOf(value.email) as string, 320) : null,
    claimant: claimantOf(value.claimant),
  };
}

function memberOf(value: unknown): Member {
  if (!isRecord(value)) throw malformed('member');
  const id = stringOf(value.id);
  const login = stringOf(value.login);
  if (!id || !login) throw malformed('member');
  return {
    id: cut(id, 100),
    login: cut(login, 100),
    email: cut(stringOf(value.email) ?? '', 320),
    name: stringOf(value.name) ? cut(stringOf(value.name) as string, 256) : null,
  };
}

/** `organization(login) { mannequins(first: 100, after:) { pageInfo nodes { id databaseId login email claimant } } }` */
export function parseMannequinPage(organization: unknown): Page<Mannequin> | null {
  if (organization === null || organization === undefined) return null;
  if (!isRecord(organization)) throw malformed('organization');
  return pageOf(organization.mannequins, 'mannequins', mannequinOf);
}

/** `organization(login) { membersWithRole(first: 100, after:) { pageInfo nodes { id login email name } } }` */
export function parseMemberPage(organization: unknown): Page<Member> | null {
  if (organization === null || organization === undefined) return null;
  if (!isRecord(organization)) throw malformed('organization');
  return pageOf(organization.membersWithRole, 'members', memberOf);
}

/** `user(login) { id login }`: null when GitHub knows no such user (its NOT_FOUND error beside). */
export function parseUserNode(value: unknown): Claimant | null {
  return claimantOf(value);
}

/** `createAttributionInvitation { source { ... on Mannequin { id } } target { ... on User { id } } }` */
export function parseAttributionInvitation(value: unknown): { sourceId: string; targetId: string } | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || !isRecord(value.source) || !isRecord(value.target)) throw malformed('invitation');
  const sourceId = stringOf(value.source.id);
  const targetId = stringOf(value.target.id);
  if (!sourceId || !targetId) throw malformed('invitation');
  return { sourceId, targetId };
}
