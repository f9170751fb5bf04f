import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '@/lib/link-header';
import { createSimulator } from '../../simulator';
import { BIG_ORG_REPO_COUNT } from '../big-org';
import { SIM_TOKENS } from '../seed';
import { readArchive } from './read-archive';
import { parseRange } from './storage';

const BASE = 'http://sim.test/api/v3';
const PREVIEW = 'application/vnd.github.wyandotte-preview+json';

function boot() {
  const sim = createSimulator({ speed: 0, scenario: 'big-org' });
  const gh = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    // Storage URLs carry their own signature and refuse a second credential.
    if (!path.includes('/_storage/')) headers.set('authorization', `Bearer ${SIM_TOKENS.octocat}`);
    headers.set('accept', PREVIEW);
    if (init.body) headers.set('content-type', 'application/json');
    return sim.fetch(new Request(path.startsWith('http') ? path : `${BASE}${path}`, { ...init, headers }));
  };
  return { sim, gh };
}

interface Repo {
  name: string;
  size: number;
  language: string | null;
  archived: boolean;
  visibility: string;
}

async function listAll(gh: ReturnType<typeof boot>['gh']): Promise<Repo[]> {
  const repos: Repo[] = [];
  let next: string | undefined = `${BASE}/orgs/big-org/repos?per_page=100`;
  while (next) {
    const response: Response = await gh(next);
    repos.push(...((await response.json()) as Repo[]));
    next = parseLinkHeader(response.headers.get('link')).next;
  }
  return repos;
}

/** Start an export of `names`, let it finish, and return the storage URL of its archive. */
async function exportAndLocate(
  sim: ReturnType<typeof boot>['sim'],
  gh: ReturnType<typeof boot>['gh'],
  names: string[],
) {
  const created = await gh('/orgs/big-org/migrations', {
    method: 'POST',
    body: JSON.stringify({ repositories: names }),
  });
  const { id } = (await created.json()) as { id: number };
  sim.advance(3_600);
  const state = (await (await gh(`/orgs/big-org/migrations/${id}`)).json()) as { state: string };
  const redirect = await gh(`/orgs/big-org/migrations/${id}/archive`, { redirect: 'manual' });
  return { state: state.state, location: redirect.headers.get('location') };
}

describe('the big-org scenario', () => {
  it('has 500 repositories of varied sizes, languages, visibility and archived flags, a few broken', async () => {
    const { gh } = boot();
    const repos = await listAll(gh);
    expect(repos).toHaveLength(BIG_ORG_REPO_COUNT);
    expect(new Set(repos.map((repo) => repo.language)).size).toBeGreaterThan(5);
    expect(new Set(repos.map((repo) => repo.visibility))).toEqual(new Set(['public', 'private']));
    expect(repos.some((repo) => repo.archived)).toBe(true);
    const sizes = repos.map((repo) => repo.size);
    expect(Math.max(...sizes) / Math.min(...sizes)).toBeGreaterThan(1_000);
    const broken = repos.filter((repo) => repo.name.includes('broken'));
    expect(broken.length).toBeGreaterThanOrEqual(3);
    expect(broken.length).toBeLessThanOrEqual(10);
  });

  it('is absent from the other scenarios', async () => {
    const sim = createSimulator({ speed: 0, scenario: 'quiet' });
    const response = await sim.fetch(
      new Request(`${BASE}/orgs/big-org/repos`, {
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}` },
      }),
    );
    expect(response.status).toBe(404);
  });

  it('fails exports that include a broken repository and takes longer for bigger ones', async () => {
    const { sim, gh } = boot();
    const repos = await listAll(gh);
    const broken = repos.find((repo) => repo.name.includes('broken'))!;
    const failed = await exportAndLocate(sim, gh, [broken.name]);
    expect(failed.state).toBe('failed');
  });

  it('builds archives whose size follows the repositories’ sizes, listing exactly them', async () => {
    const { sim, gh } = boot();
    const repos = (await listAll(gh)).filter((repo) => !repo.name.includes('broken'));
    const sorted = [...repos].sort((a, b) => a.size - b.size);
    const small = sorted.slice(0, 3);
    const large = sorted.slice(-3);
    const sizeOf = async (names: string[]) => {
      const { state, location } = await exportAndLocate(sim, gh, names);
      expect(state).toBe('exported');
      const bytes = new Uint8Array(await (await gh(location!)).arrayBuffer());
      const files = await readArchive(bytes);
      const listed = JSON.parse(String(files.get('repositories_000001.json'))) as { name: string }[];
      expect(listed.map((repo) => repo.name).sort()).toEqual([...names].sort());
      expect(files.has('schema.json')).toBe(true);
      return bytes.length;
    };
    const smallBytes = await sizeOf(small.map((repo) => repo.name));
    const largeBytes = await sizeOf(large.map((repo) => repo.name));
    const largeKb = large.reduce((total, repo) => total + repo.size, 0);
    // One byte per KB by default, plus a few KB of JSON.
    expect(largeBytes).toBeGreaterThan(largeKb * 0.95);
    expect(largeBytes).toBeLessThan(largeKb * 1.05 + 50_000);
    expect(smallBytes).toBeLessThan(largeBytes / 100);
  });
});

describe('archive storage honours Range', () => {
  it('answers 206 with Content-Range for a part, 416 past the end, the whole object otherwise', async () => {
    const { sim, gh } = boot();
    const repos = await listAll(gh);
    const names = repos
      .filter((repo) => !repo.name.includes('broken'))
      .slice(0, 4)
      .map((repo) => repo.name);
    const { location } = await exportAndLocate(sim, gh, names);
    const whole = Buffer.from(await (await gh(location!)).arrayBuffer());
    expect(whole.length).toBeGreaterThan(1_000);

    const part = await gh(location!, { headers: { range: 'bytes=100-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100))).toBe(true);

    const middle = await gh(location!, { headers: { range: 'bytes=10-19' } });
    expect(middle.headers.get('content-length')).toBe('10');
    expect(Buffer.from(await middle.arrayBuffer()).equals(whole.subarray(10, 20))).toBe(true);

    const past = await gh(location!, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);

    const changed = await gh(location!, { headers: { range: 'bytes=100-', 'if-range': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('parses the Range forms S3 accepts', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange(undefined, 100)).toBeUndefined();
  });
});
