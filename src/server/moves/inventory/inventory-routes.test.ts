import { beforeEach, describe, expect, it } from 'vitest';
import { LEFT_BEHIND_KINDS, type LeftBehindKind } from '@/contracts/inventory';
import type { MovePlannedRepository, MovePreview } from '@/contracts/moves';
import { composedQuietGateway } from '@/testing/composed-gateway';

/**
 * The inventory in the preview (issue 49), over the gateway as composed against the embedded simulator: what
 * octo-org's repositories leave behind, what blocks one, what reading it cost (as the simulator counted it), and
 * that it is kept in the store, not read again.
 */
const composed = composedQuietGateway('ferry-move-inventory-');
const ORIGIN = 'http://localhost:5180';
const PLAN = { source: { kind: 'org', login: 'octo-org' }, target: { login: 'octo-target' } };

function post(body: unknown) {
  return composed.gateway.app.request(`${ORIGIN}/api/moves/preview`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const simulator = () => {
  if (!composed.gateway.simulator) throw new Error('no simulator');
  return composed.gateway.simulator;
};

/** A preview and what the source simulator counted while it ran (listing, inventory: REST and GraphQL). */
async function counted(body: unknown) {
  const stats = simulator().github().stats;
  const before = stats.counted;
  const response = await post(body);
  expect(response.status).toBe(200);
  const preview = (await response.json()) as MovePreview;
  return { preview, counted: stats.counted - before };
}

const byName = (preview: MovePreview) => new Map(preview.repositories.map((repo) => [repo.name, repo]));
const kinds = (repo: MovePlannedRepository | undefined) => (repo?.leftBehind ?? []).map((item) => item.kind);

beforeEach(() => {
  simulator().reset();
});

describe('the inventory in the preview', () => {
  it('names each kind left behind on the repositories that have it, blocks the large file, and counts its reads', async () => {
    const { preview, counted: sent } = await counted({ ...PLAN, inventory: true });
    const inventory = preview.inventory!;
    expect(inventory.fresh).toBe(true);
    // What the simulator counted is the listing plus the inventory's reads, no more and no less.
    expect(sent).toBe(preview.requests.source + inventory.requests.rest + inventory.requests.graphql);
    // 14 repositories in one GraphQL query, plus the teams' query.
    expect(inventory.requests.graphql).toBe(2);
    const repos = byName(preview);
    const seen = new Set<LeftBehindKind>(preview.repositories.flatMap((repo) => kinds(repo)));
    for (const kind of [
      'lfs',
      'webhooks',
      'actions-secrets',
      'actions-variables',
      'environments',
      'deploy-keys',
    ] as const)
      expect(seen).toContain(kind);
    expect(kinds(repos.get('hello-world'))).toEqual([
      'webhooks',
      'actions-variables',
      'environments',
      'wiki',
    ]);
    expect(repos.get('octo-web')?.leftBehind?.find((item) => item.kind === 'lfs')).toEqual({
      kind: 'lfs',
      count: 3,
      detail: '3 files tracked by *.png, *.psd',
    });
    expect(kinds(repos.get('billing-service'))).toEqual(
      expect.arrayContaining([
        'deploy-keys',
        'actions-secrets',
        'runners',
        'code-scanning-alerts',
        'secret-scanning-alerts',
        'teams-and-access',
      ]),
    );
    expect(kinds(repos.get('design-system'))).toEqual(
      expect.arrayContaining(['packages', 'discussions', 'projects']),
    );
    expect(kinds(repos.get('infra-terraform'))).toEqual(
      expect.arrayContaining(['rulesets', 'tag-protection']),
    );
    // Every kind is named somewhere but apps on all repositories (octo-org's app is on chosen ones: said apart).
    expect(LEFT_BEHIND_KINDS.filter((kind) => !seen.has(kind))).toEqual(['apps']);
    expect(inventory.organization.selectedApps).toEqual(['octo-ci']);

    const ml = repos.get('ml-experiments');
    expect(ml?.ready).toBe(false);
    expect(ml?.readiness).toBe('blocked');
    const file = ml?.checks.find((check) => check.check === 'file-size');
    expect(file?.ok).toBe(false);
    expect(file?.reason).toContain('models/checkpoint-final.bin (512 MiB)');
    const legacy = repos.get('legacy-monolith');
    expect(legacy?.checks.find((check) => check.check === 'ref-names')?.ok).toBe(false);
    expect(repos.get('cli-tools')?.readiness).toBe('ready');
    expect(repos.get('hello-world')?.readiness).toBe('needs-work');
    expect(preview.ready).toBe(preview.selected - 2);
  });

  it('is kept: the next preview reads nothing of it; a refresh reads it again', async () => {
    const first = await counted({ ...PLAN, inventory: true });
    const again = await counted({ ...PLAN, inventory: true });
    expect(again.preview.inventory?.fresh).toBe(false);
    expect(again.preview.inventory?.requests).toEqual({ rest: 0, graphql: 0 });
    expect(again.preview.inventory?.readAt).toBe(first.preview.inventory?.readAt);
    expect(again.counted).toBe(again.preview.requests.source);
    expect(byName(again.preview).get('octo-web')?.leftBehind).toEqual(
      byName(first.preview).get('octo-web')?.leftBehind,
    );

    const refreshed = await counted({ ...PLAN, inventory: 'refresh' });
    expect(refreshed.preview.inventory?.fresh).toBe(true);
    // Read again with the ETags kept: a list GitHub answers 304 is free, and not counted by either side.
    expect(refreshed.counted).toBe(
      refreshed.preview.requests.source +
        refreshed.preview.inventory!.requests.rest +
        refreshed.preview.inventory!.requests.graphql,
    );
  });

  it('without inventory, the preview is as before: no left-behind, no reads', async () => {
    const { preview, counted: sent } = await counted(PLAN);
    expect(preview.inventory).toBeUndefined();
    expect(preview.repositories.every((repo) => repo.leftBehind === undefined)).toBe(true);
    expect(sent).toBe(preview.requests.source);
  });

  it('waits for a spent GraphQL budget instead of hitting it (its answer would hold the account): the plan stands', async () => {
    const state = simulator().github();
    for (const token of state.world.tokens.keys())
      state.limiter.exhaust(token, 'graphql', simulator().clock.now());
    const { preview, counted: sent } = await counted({ ...PLAN, inventory: true });
    expect(preview.inventory).toBeUndefined();
    expect(preview.inventoryError).toMatch(
      /^The inventory waits for the source's GraphQL budget \(spent until /,
    );
    // Nothing of the inventory was sent (the budget's own read is free); a start still goes.
    expect(sent).toBe(preview.requests.source);
    expect(preview.ready).toBeGreaterThan(0);
  });

  it('refuses an inventory flag it does not know, with the reason', async () => {
    for (const inventory of ['yes', 1, null, { refresh: true }, 'refresh\u0000']) {
      const response = await post({ ...PLAN, inventory });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBe(
        'inventory is true, false or "refresh".',
      );
    }
  });
});
