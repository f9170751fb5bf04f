import type { SimAccount } from './factories/user';
import type { SimRepo } from './factories/repository';
import type { SimOrg } from './seed';

/**
 * The `big-org` scenario's organization: 500 repositories of varied sizes, languages, visibility, archived flags
 * and push dates, as an organization moving to another host would have. Deterministic (a seeded generator), so
 * tests can name what they filter. Every 97th repository is named `*-broken-*`: exporting it fails (the
 * migrations simulator's failure rule), which is what the wave runner's batch splitting is for.
 */
export const BIG_ORG = 'big-org';
export const BIG_ORG_REPO_COUNT = 500;

const DAY = 86_400_000;
const LANGUAGES = ['TypeScript', 'Go', 'Python', 'Java', 'Ruby', 'Rust', 'C#', 'Kotlin', 'PHP', null];
const WORDS = ['api', 'web', 'worker', 'service', 'tools', 'infra', 'data', 'mobile', 'docs', 'lib'];

/** mulberry32: a small, fast, seeded generator (the same world on every reset). */
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

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Sizes spread over four orders of magnitude (KB): most repositories small, a few very large. */
function sizeKb(random: () => number): number {
  const roll = random();
  if (roll < 0.5) return 50 + Math.floor(random() * 5_000);
  if (roll < 0.85) return 5_000 + Math.floor(random() * 95_000);
  if (roll < 0.97) return 100_000 + Math.floor(random() * 900_000);
  return 1_000_000 + Math.floor(random() * 2_000_000);
}

export function bigOrgAccount(createdAt: string): SimAccount {
  return { id: 200, login: BIG_ORG, type: 'Organization', name: 'Big Org', email: null, createdAt };
}

export function bigOrg(): SimOrg {
  return { login: BIG_ORG, owners: ['octocat'], members: ['hubot'] };
}

export function bigOrgRepos(nowMs: number, firstId: number): SimRepo[] {
  const random = generator(0xb16);
  return Array.from({ length: BIG_ORG_REPO_COUNT }, (_, index) => {
    const id = firstId + index;
    const number = String(index + 1).padStart(3, '0');
    const word = WORDS[index % WORDS.length] ?? 'repo';
    const broken = (index + 1) % 97 === 0;
    const language = LANGUAGES[Math.floor(random() * LANGUAGES.length)] ?? null;
    return {
      id,
      owner: BIG_ORG,
      name: broken ? `${word}-broken-${number}` : `${word}-${number}`,
      description: `Repository ${number} of ${BIG_ORG}`,
      language,
      size: sizeKb(random),
      private: random() < 0.6,
      topics: language ? [language.toLowerCase().replace(/[^a-z0-9]+/g, '-')] : [],
      createdAt: iso(nowMs - (1_500 - index) * DAY),
      pushedAt: iso(nowMs - Math.floor(random() * 1_000) * DAY),
      stars: Math.floor(random() * 300),
      archived: random() < 0.1,
    };
  });
}
