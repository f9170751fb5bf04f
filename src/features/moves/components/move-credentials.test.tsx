import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MoveStartRequest } from '@/contracts/move-run';
import { loadConfig } from '@/server/config';
import { composeGateway } from '@/server/gateway';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_TOKENS } from '@/simulator/target/seed';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * The page against a gateway whose embedded simulator has several credentials on each side
 * (`SIM_CREDENTIALS=several`: the target's monalisa, a migrator's classic token, beside octocat's `default`).
 * No store: the preview needs none, and a start answers 503 — after its request was seen.
 */
let gateway: ReturnType<typeof composeGateway>;
const sent: { path: string; body: MoveStartRequest }[] = [];

beforeAll(() => {
  gateway = composeGateway(
    loadConfig({ PORT: '3000', SIM_SPEED: '0', SIM_SCENARIO: 'quiet', SIM_CREDENTIALS: 'several' }),
    {
      watch: false,
      controlAccess: 'any',
    },
  );
});
afterAll(() => gateway.stop());

/** The target's GraphQL as its owner asks it (the role a migrator's token needs is an owner's grant). */
async function asTargetOwner<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await gateway.simulator!.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return ((await answer.json()) as { data: T }).data;
}
beforeEach(() => {
  sent.length = 0;
  simServer.use(
    http.all(`${TEST_ORIGIN}/api/*`, async ({ request }) => {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.text() : undefined;
      if (body && url.pathname.startsWith('/api/moves'))
        sent.push({ path: url.pathname, body: JSON.parse(body) as MoveStartRequest });
      const headers = new Headers(request.headers);
      headers.set('host', url.host);
      return gateway.app.fetch(new Request(url, { method: request.method, headers, body }));
    }),
  );
});

describe('each side’s credential on the move form', () => {
  it('previews and starts with the target credential chosen, and shows that credential’s token checks', async () => {
    // monalisa's token is a migrator's once an owner granted her the role (GitHub refuses her listing before).
    const { organization } = await asTargetOwner<{ organization: { id: string } }>(
      'query { organization(login: "octo-target") { id } }',
    );
    await asTargetOwner(
      'mutation($org: ID!) { grantMigratorRole(input: { organizationId: $org, actor: "monalisa", actorType: USER }) { success } }',
      { org: organization.id },
    );
    const { user } = renderApp('/moves');
    const picker = await screen.findByRole('combobox', { name: 'Target credential' }, { timeout: 10_000 });
    // The gateway's default until one is picked; the source's credentials are offered too.
    expect(picker).toHaveTextContent('default — Personal access token (classic)');
    expect(screen.getByRole('combobox', { name: 'Source credential' })).toHaveTextContent('default');
    const target = screen.getByRole('textbox', { name: 'Target organization' });
    await expect.poll(() => (target as HTMLInputElement).value, { timeout: 10_000 }).toBe('octo-target');

    picker.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox', { name: 'Target credential' });
    // GEI refuses App and fine-grained tokens: offered, disabled, with the reason.
    expect(within(listbox).getByRole('option', { name: /^app/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(listbox).getByRole('option', { name: /^monalisa/ }));
    expect(picker).toHaveTextContent('monalisa — Personal access token (classic)');

    await user.type(screen.getByRole('textbox', { name: 'Name pattern' }), 'mobile-*');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const tokens = await screen.findByRole('list', { name: 'Token checks' }, { timeout: 15_000 });
    expect(tokens).toHaveTextContent(/Target — monalisa \(Personal access token \(classic\)\), for .*: able/);
    expect(tokens).not.toHaveTextContent('Target — default');
    expect(sent.map(({ path, body }) => [path, body.target])).toEqual([
      ['/api/moves/preview', { login: 'octo-target', credential: 'monalisa' }],
    ]);
    expect(sent[0]?.body.source.credential).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Start move' }));
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(2);
    expect(sent[1]).toMatchObject({ path: '/api/moves', body: { target: { credential: 'monalisa' } } });
  }, 40_000);
});
