import { digest, type ImportScenario, type Vcs } from './scenarios';

/** One commit author as the importer knows it; `name`/`email` change when the author is mapped. */
export interface SimAuthor {
  id: number;
  remoteId: string;
  remoteName: string;
  name: string;
  email: string;
}

export interface SimLargeFile {
  ref_name: string;
  path: string;
  oid: string;
  size: number;
}

/** A small, fast, deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST =
  'Ada Alan Barbara Brian Carla Chen Dana Dmitri Elena Farid Grace Hiro Ines Jamal Kim Lars Maya Nadia Omar Priya Quentin Rosa Sven Tariq Uma Viktor Wen Ximena Yusuf Zoe'.split(
    ' ',
  );
const LAST =
  'Lovelace Turing Liskov Kernighan Nguyen Wei Scott Ivanov Garcia Haddad Hopper Tanaka Moreau Okafor Park Larsen Cohen Petrova Aziz Raman Blanc Costa Berg Khan Iyer Novak Zhang Reyes Demir Fischer'.split(
    ' ',
  );
const DOMAINS = ['example.com', 'corp.example', 'mail.example.org', 'users.example.net'];

/**
 * The commit authors of an origin, deterministic per import. Centralised systems (Subversion, TFVC) only know
 * bare usernames, so most of their authors arrive as the importer synthesises them — `name <name@UUID>`, the
 * UUID identifying the origin (GitHub's own example: `svner <svner@fc7da526-…>`); a few usernames are already
 * email addresses (`svner@example.com <svner@example.com@UUID>`). Git and Mercurial carry real names and emails.
 */
export function generateAuthors(
  scenario: ImportScenario,
  vcs: Vcs,
  firstId: number,
  seed: string,
): SimAuthor[] {
  const random = prng(digest(seed).readUInt32BE(0));
  const centralised = vcs === 'subversion' || vcs === 'tfvc';
  const uuid = scenario.originUuid;
  const authors: SimAuthor[] = [];
  const used = new Set<string>();
  for (let index = 0; index < scenario.authorCount; index += 1) {
    const first = FIRST[Math.floor(random() * FIRST.length)] ?? 'Ada';
    const last = LAST[Math.floor(random() * LAST.length)] ?? 'Lovelace';
    let username = `${first[0] ?? 'a'}${last}`.toLowerCase();
    if (used.has(username)) username = `${username}${index}`;
    used.add(username);
    const domain = DOMAINS[Math.floor(random() * DOMAINS.length)] ?? 'example.com';
    const id = firstId + index;
    if (centralised) {
      const remoteName = random() < 0.12 ? `${username}@${domain}` : username;
      authors.push({
        id,
        remoteId: `${remoteName}@${uuid}`,
        remoteName,
        name: remoteName,
        email: `${remoteName}@${uuid}`,
      });
    } else {
      const name = `${first} ${last}`;
      const email = `${username}@${domain}`;
      authors.push({ id, remoteId: email, remoteName: name, name, email });
    }
  }
  return authors;
}

const LARGE_PATHS = [
  'assets/video/intro.mov',
  'data/fixtures/warehouse-dump.sql',
  'vendor/sdk/libengine.a',
  'design/source/brand-book.psd',
  'firmware/images/rootfs.img',
];

/** Files over 100 MB with realistic refs, paths, sha256 oids and sizes. */
export function generateLargeFiles(seed: string): SimLargeFile[] {
  const random = prng(digest(`large:${seed}`).readUInt32BE(0));
  const count = 3;
  return Array.from({ length: count }, (_, index) => {
    const path = LARGE_PATHS[index] ?? `blobs/file-${index}.bin`;
    return {
      ref_name: index === 2 ? 'refs/heads/release/2.x' : 'refs/heads/main',
      path,
      oid: digest(`${seed}:${path}`).toString('hex'),
      size: 104_857_600 + Math.floor(random() * 900_000_000),
    };
  });
}
