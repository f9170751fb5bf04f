import { BIG_ORG } from '../github/big-org';
import { nodeId } from './ids';
import type { TargetUser } from './seed';
import type { MannequinSeed, TargetState } from './state';

/**
 * The people behind a large source organization, as the target meets them (issue 48: the identity map at scale).
 * The source simulator's archives list an organization's owners and members as its users (big-org: 2), where an
 * organization of 500 repositories has thousands of people. For such an organization the target stands each user
 * of an imported archive in for `PEOPLE_PER_ARCHIVE_USER` source people, who arrive as mannequins with its first
 * successful import. Some already have an account on the target, as a move finds them:
 * - 40 %: a member of the organization under another login with the same e-mail (one in ten written in other
 *   case) — suggested by e-mail;
 * - 20 %: a member with the same login and another public e-mail, or none — suggested by login;
 * - 5 %: an account with the same e-mail that is no member (someone who left) — suggested to nobody, and an
 *   invitation to it is refused;
 * - 35 %: no account — nobody to suggest; one in eight of them has no e-mail on the mannequin either.
 * Deterministic (a seeded generator per organization), built once per organization and size, and kept in the world
 * as `{ source, people }` only, so a saved world stays small.
 */
export interface CrowdRef {
  /** The source organization (lower case). */
  source: string;
  people: number;
}

export interface CrowdMannequin extends MannequinSeed {
  id: string;
  databaseId: number;
}

export interface Crowd {
  mannequins: readonly CrowdMannequin[];
  /** Accounts on the target (members and not), without `createdAt` (the world's start gives it). */
  accounts: readonly Omit<TargetUser, 'createdAt'>[];
  /** The accounts that are members of the target organization. */
  members: readonly string[];
}

interface CrowdRule {
  perArchiveUser: number;
  /** Mannequins' database ids count from here (the hashed ones of views.ts stay below 89,000,000). */
  firstMannequinId: number;
  firstUserId: number;
}

/** Source organizations the simulator models as large, and how many people each archive user stands for. */
export const PEOPLE_PER_ARCHIVE_USER: Readonly<Record<string, CrowdRule>> = {
  [BIG_ORG]: { perArchiveUser: 1_500, firstMannequinId: 89_000_000, firstUserId: 7_100_000 },
};

/** A crowd stays within what the identity map reads (5,000 mannequins and members, 50 pages each). */
export const MAX_CROWD = 4_000;

const FIRST = (
  'ada alan amara barbara bjarne carla chen dennis edsger elena fatima frances grace guido hana ivan james jean ken ' +
  'kiri linus lucia margaret mateo nadia niklaus olga omar priya radia rasmus sofia tim tomas ursula vint wei ' +
  'xavier yara yukihiro zane zoe'
).split(' ');
const LAST = (
  'abe baker cerf diaz eriksen fischer garcia hopper ito jensen kahn lamport liskov mendes nakamura okafor ' +
  'perlman quist ritchie santos sato thompson ueda varga wirth xu young zhang'
).split(' ');

/** mulberry32: small, fast and seeded (the same crowd on every reset). */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seedOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The crowd an imported archive brings: none unless its owner is a large organization of the source. */
export function crowdFor(owner: string, archiveUsers: number): CrowdRef | undefined {
  const source = owner.toLowerCase();
  const rule = PEOPLE_PER_ARCHIVE_USER[source];
  if (!rule || archiveUsers <= 0) return undefined;
  return { source, people: Math.min(rule.perArchiveUser * archiveUsers, MAX_CROWD) };
}

const built = new Map<string, Crowd>();

/** The crowd itself (memoised: shared, so never change it). */
export function crowdOf(ref: CrowdRef): Crowd {
  const key = `${ref.source}:${ref.people}`;
  const known = built.get(key);
  if (known) return known;
  const crowd = buildCrowd(ref);
  built.set(key, crowd);
  return crowd;
}

function buildCrowd({ source, people }: CrowdRef): Crowd {
  const rule = PEOPLE_PER_ARCHIVE_USER[source];
  if (!rule) return { mannequins: [], accounts: [], members: [] };
  const random = generator(seedOf(source));
  const taken = new Set<string>();
  const mannequins: CrowdMannequin[] = [];
  const accounts: Omit<TargetUser, 'createdAt'>[] = [];
  const members: string[] = [];
  const account = (login: string, name: string, email: string, member: boolean) => {
    const databaseId = rule.firstUserId + accounts.length;
    accounts.push({ login, databaseId, nodeId: nodeId('U', login), name, email });
    if (member) members.push(login);
  };
  for (let index = 0; index < people; index++) {
    const first = FIRST[Math.floor(random() * FIRST.length)] ?? 'ada';
    const last = LAST[Math.floor(random() * LAST.length)] ?? 'abe';
    let login = `${first}-${last}`;
    for (let n = 2; taken.has(login); n++) login = `${first}-${last}-${n}`;
    taken.add(login);
    const name = `${capital(first)} ${capital(last)}`;
    const work = `${login.replace('-', '.')}@${source}.example`;
    const roll = random();
    const noEmail = roll >= 0.65 && random() < 0.125;
    mannequins.push({
      login,
      email: noEmail ? null : work,
      name,
      id: nodeId('M', `${source}/${login}`),
      databaseId: rule.firstMannequinId + index,
    });
    if (roll < 0.4) {
      const email = random() < 0.1 ? work.toUpperCase() : work;
      account(index % 2 === 0 ? `${login}-cloud` : `${first}${last}${index}`, name, email, true);
    } else if (roll < 0.6) {
      account(login, name, random() < 0.5 ? '' : `${first}.${index}@mail.example`, true);
    } else if (roll < 0.65) {
      account(`${login}-left`, name, work, false);
    }
  }
  return { mannequins, accounts, members };
}

/**
 * The crowd's accounts join the target when its first import is accepted (the simulator cannot know the source
 * before): added once per crowd to the users and the organization's members.
 */
export function joinCrowd(state: TargetState, ref: CrowdRef): void {
  const key = `${ref.source}:${ref.people}`;
  state.crowds ??= [];
  if (state.crowds.includes(key)) return;
  state.crowds.push(key);
  const crowd = crowdOf(ref);
  const createdAt = new Date(state.originMs - 400 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const logins = new Set(state.users.map((user) => user.login.toLowerCase()));
  for (const user of crowd.accounts)
    if (!logins.has(user.login.toLowerCase())) state.users.push({ ...user, createdAt });
  const members = new Set([...state.org.owners, ...state.org.members]);
  for (const login of crowd.members) if (!members.has(login)) state.org.members.push(login);
}
