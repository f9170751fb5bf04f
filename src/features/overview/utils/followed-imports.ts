import type { RecentResponse, WatchedResponse } from '@/contracts/ferry';

export interface FollowedImport {
  owner: string;
  repo: string;
  /** GitHub's import status, or undefined when neither the gateway nor GitHub has told us yet. */
  status?: string;
  terminal: boolean;
  /** When Ferry last saw it (the gateway's watcher) or someone opened it. */
  seenAt: number;
}

const IMPORT_PATH = /^repos\/([^/]+)\/([^/]+)\/import(?:\?.*)?$/;
const REPO_KEY = /^([^/\s]+)\/([^/\s]+)$/;

/**
 * Imports to list: every import the gateway watches (with the status it last saw), then recently opened
 * ones it does not watch. One entry per repository (case-insensitive), newest first.
 */
export function followedImports(
  watched: WatchedResponse['items'],
  recent: RecentResponse['items'],
): FollowedImport[] {
  const byRepo = new Map<string, FollowedImport>();
  for (const item of watched) {
    const match = item.kind === 'import' ? IMPORT_PATH.exec(item.path) : null;
    if (!match) continue;
    const [, owner = '', repo = ''] = match.map((part) => decodeURIComponent(part));
    const key = `${owner}/${repo}`.toLowerCase();
    const seenAt = Date.parse(item.seenAt);
    const known = byRepo.get(key);
    if (known && known.seenAt >= seenAt) continue;
    byRepo.set(key, { owner, repo, status: item.state, terminal: item.terminal, seenAt });
  }
  for (const item of recent) {
    const match = item.kind === 'import' ? REPO_KEY.exec(item.key) : null;
    if (!match) continue;
    const [, owner = '', repo = ''] = match;
    const key = `${owner}/${repo}`.toLowerCase();
    if (byRepo.has(key)) continue;
    byRepo.set(key, { owner, repo, terminal: false, seenAt: Date.parse(item.openedAt) });
  }
  return [...byRepo.values()].sort((a, b) => b.seenAt - a.seenAt);
}
