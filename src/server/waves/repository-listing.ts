import { parseRepositoryList } from '@/contracts/github/repository';
import type { PlannedRepo, WavePlanRequest } from '@/contracts/waves';
import { parseLinkHeader } from '@/lib/link-header';
import { unexpectedAnswer, type GithubAnswer, type GithubClient } from './github-client';
import { PER_PAGE } from './planner';
import { WaveInputError } from './wave-input-error';

/** How long a listing is reused: planning, adjusting the filters and creating the wave cost one listing. */
export const LIST_TTL_MS = 5 * 60_000;

export interface RepositoryListing {
  repos: PlannedRepo[];
  /** Pages read from GitHub (the wave is charged them). */
  pages: number;
  /** Of `pages`, those GitHub counted: a page revalidated with its ETag (304) is free. */
  counted: number;
  /** Served from the listing kept from the last few minutes: no request was sent for it this time. */
  kept?: true;
}

/** The listing's first page: an organization's repositories, or those the token's own user owns. */
export const firstListPage = (owner: WavePlanRequest['owner']) =>
  owner.kind === 'org'
    ? `orgs/${encodeURIComponent(owner.login)}/repos?per_page=${PER_PAGE}&type=all`
    : `user/repos?per_page=${PER_PAGE}&affiliation=owner`;

/** An owner's repositories as a credential sees them, read page by page and kept a few minutes. */
export function createRepositoryListings(options: {
  clientOf: (credential: string | undefined) => GithubClient;
  now: () => number;
}) {
  const cache = new Map<string, RepositoryListing & { at: number }>();

  async function read(github: GithubClient, owner: WavePlanRequest['owner']): Promise<RepositoryListing> {
    const repos: PlannedRepo[] = [];
    let pages = 0;
    let counted = 0;
    let next: string | undefined = firstListPage(owner);
    while (next) {
      const answer: GithubAnswer<unknown> = await github.get<unknown>(next);
      pages++;
      if (!answer.notModified) counted++;
      if (answer.status === 404)
        throw new WaveInputError(`No organization ${owner.login} that this token owns.`);
      if (answer.status !== 200 || !Array.isArray(answer.body)) throw unexpectedAnswer(answer);
      repos.push(...parseRepositoryList(answer.body));
      next = parseLinkHeader(answer.headers.get('link')).next;
    }
    return { repos, pages, counted };
  }

  return {
    async list(owner: WavePlanRequest['owner'], credential: string | undefined): Promise<RepositoryListing> {
      const key = `${credential ?? ''}:${owner.kind}:${owner.login.toLowerCase()}`;
      const cached = cache.get(key);
      if (cached && options.now() - cached.at < LIST_TTL_MS) return { ...cached, kept: true };
      const entry = { ...(await read(options.clientOf(credential), owner)), at: options.now() };
      cache.set(key, entry);
      return entry;
    },
    /** Drop every listing kept (the simulator behind was reset). */
    forget() {
      cache.clear();
    },
  };
}
