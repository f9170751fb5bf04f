/**
 * The largest repository GitHub Enterprise Importer takes from a source, by the source's version (Git source and
 * metadata per repository; whole-move.md §2.1): GHES < 3.8 2 GiB, 3.8–3.11 10 GiB, 3.12 20 GiB, ≥ 3.13 40 GiB
 * (public preview). A source that names no version (GitHub.com, the simulator) gets GEI's largest, 40 GiB.
 */
const GIB_KB = 1024 * 1024;

export interface SourceLimit {
  limitKb: number;
  reason: string;
}

export function sourceLimit(version: string | undefined): SourceLimit {
  const match = version ? /^(\d{1,3})\.(\d{1,3})/.exec(version.trim()) : null;
  if (!match) return { limitKb: 40 * GIB_KB, reason: 'GEI’s largest per-repository limit, 40 GiB' };
  const [major, minor] = [Number(match[1]), Number(match[2])];
  const at = (gib: number, range: string) => ({
    limitKb: gib * GIB_KB,
    reason: `${gib} GiB, GEI’s limit for GitHub Enterprise Server ${range} (this one is ${version?.trim().slice(0, 20)})`,
  });
  const below = (m: number) => major < 3 || (major === 3 && minor < m);
  if (below(8)) return at(2, 'before 3.8');
  if (below(12)) return at(10, '3.8 to 3.11');
  if (below(13)) return at(20, '3.12');
  return at(40, '3.13 and later (public preview)');
}
