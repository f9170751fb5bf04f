import sodium from 'libsodium-wrappers';
import { beforeAll, describe, expect, it } from 'vitest';
import { secretValueForTests } from './sealed-box';
import { TARGET_TOKENS } from './seed';
import { importRepository, targetRest, type Harness } from './settling-harness';
import { harness } from './test-harness';

const REPO = '/repos/octo-target/hello-world';
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGhlbGxvLXdvcmxkLWNpLWtleS1mb3ItdGVzdHMuLi4u ci@example';

async function seal(value: string, keyBase64: string): Promise<string> {
  await sodium.ready;
  const sealed = sodium.crypto_box_seal(
    sodium.from_string(value),
    sodium.from_base64(keyBase64, sodium.base64_variants.ORIGINAL),
  );
  return sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL);
}

describe('the target settles an imported repository as GitHub does', () => {
  let h: Harness;
  let rest: ReturnType<typeof targetRest>;
  beforeAll(async () => {
    h = harness();
    rest = targetRest(h);
    await importRepository(h, 'hello-world');
  });

  it('brings the source’s webhooks disabled and without their secret; a PATCH turns one on', async () => {
    const hooks = await rest('GET', `${REPO}/hooks`);
    expect(hooks.status).toBe(200);
    expect(hooks.body).toEqual([
      expect.objectContaining({
        active: false,
        events: ['push', 'pull_request'],
        config: { content_type: 'json', insecure_ssl: '0', url: 'https://ci.octo-org.example/hooks/github' },
      }),
    ]);
    const [hook] = hooks.body as { id: number }[];
    const on = await rest('PATCH', `${REPO}/hooks/${hook?.id}`, {
      config: { secret: 's3cret' },
      active: true,
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      active: true,
      config: { secret: '********', url: 'https://ci.octo-org.example/hooks/github' },
    });
    expect(JSON.stringify(on.body)).not.toContain('s3cret');
  });

  it('creates a team, adds members (pending outside the organization) and gives it the repository', async () => {
    const created = await rest('POST', '/orgs/octo-target/teams', {
      name: 'Core Team',
      description: 'd',
      privacy: 'closed',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'core-team', privacy: 'closed', members_count: 1 });
    const again = await rest('POST', '/orgs/octo-target/teams', { name: 'core team' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: [{ message: 'Name must be unique for this org' }] });
    const member = await rest('PUT', '/orgs/octo-target/teams/core-team/memberships/monalisa', {
      role: 'maintainer',
    });
    expect(member.body).toMatchObject({ role: 'maintainer', state: 'active' });
    const outsider = await rest('PUT', '/orgs/octo-target/teams/core-team/memberships/outsider', {});
    expect(outsider.body).toMatchObject({ role: 'member', state: 'pending' });
    expect((await rest('PUT', '/orgs/octo-target/teams/core-team/memberships/nobody-here', {})).status).toBe(
      404,
    );
    const members = await rest('GET', '/orgs/octo-target/teams/core-team/members');
    expect((members.body as { login: string }[]).map((user) => user.login)).toEqual(['octocat', 'monalisa']);
    const granted = await rest('PUT', `/orgs/octo-target/teams/core-team/repos/octo-target/hello-world`, {
      permission: 'push',
    });
    expect(granted.status).toBe(204);
    const repos = await rest('GET', '/orgs/octo-target/teams/core-team/repos');
    expect(repos.body).toMatchObject([
      { name: 'hello-world', role_name: 'write', permissions: { push: true, admin: false } },
    ]);
    // A member who is no owner may not create teams; no token, no write.
    expect(
      (await rest('POST', '/orgs/octo-target/teams', { name: 'x' }, TARGET_TOKENS.monalisa)).status,
    ).toBe(403);
    expect((await rest('POST', '/orgs/octo-target/teams', { name: 'x' }, null)).status).toBe(401);
  });

  it('invites an outside collaborator (201) and takes an organization member at once (204)', async () => {
    const invited = await rest('PUT', `${REPO}/collaborators/outsider`, { permission: 'triage' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ invitee: { login: 'outsider' }, permissions: 'triage' });
    expect((await rest('PUT', `${REPO}/collaborators/hubot-cloud`, { permission: 'push' })).status).toBe(204);
    const invitations = await rest('GET', `${REPO}/invitations`);
    expect((invitations.body as unknown[]).length).toBe(1);
  });

  it('keeps variables (409 on a taken name), deploy keys (422 on a used key) and environments with a team reviewer', async () => {
    expect(
      (await rest('POST', `${REPO}/actions/variables`, { name: 'deploy_env', value: 'prod' })).status,
    ).toBe(201);
    const taken = await rest('POST', `${REPO}/actions/variables`, { name: 'DEPLOY_ENV', value: 'x' });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Already exists' } });
    expect((await rest('GET', `${REPO}/actions/variables/DEPLOY_ENV`)).body).toMatchObject({
      name: 'DEPLOY_ENV',
      value: 'prod',
    });
    expect(
      (await rest('PATCH', `${REPO}/actions/variables/DEPLOY_ENV`, { value: 'production' })).status,
    ).toBe(204);
    expect((await rest('GET', `${REPO}/actions/variables`)).body).toMatchObject({
      total_count: 1,
      variables: [{ value: 'production' }],
    });

    const key = await rest('POST', `${REPO}/keys`, { title: 'ci', key: KEY, read_only: true });
    expect(key).toMatchObject({ status: 201, body: { title: 'ci', read_only: true, verified: true } });
    expect((key.body as { key: string }).key).not.toContain('ci@example');
    const reused = await rest('POST', `${REPO}/keys`, { title: 'again', key: KEY });
    expect(reused).toMatchObject({ status: 422, body: { errors: [{ message: 'key is already in use' }] } });

    const teams = (await rest('GET', '/orgs/octo-target/teams')).body as { id: number }[];
    const env = await rest('PUT', `${REPO}/environments/production`, {
      wait_timer: 30,
      reviewers: [{ type: 'Team', id: teams[0]?.id }],
      deployment_branch_policy: { protected_branches: true, custom_branch_policies: false },
    });
    expect(env.status).toBe(200);
    expect(env.body).toMatchObject({
      name: 'production',
      protection_rules: [
        { type: 'wait_timer', wait_timer: 30 },
        { type: 'required_reviewers', reviewers: [{ type: 'Team', reviewer: { slug: 'core-team' } }] },
        { type: 'branch_policy' },
      ],
    });
    const unknown = await rest('PUT', `${REPO}/environments/staging`, {
      reviewers: [{ type: 'Team', id: 1 }],
    });
    expect(unknown.status).toBe(422);
    expect(
      (await rest('POST', `${REPO}/environments/production/variables`, { name: 'REGION', value: 'eu' }))
        .status,
    ).toBe(201);
    expect(
      (await rest('POST', `${REPO}/environments/production/variables`, { name: 'REGION', value: 'eu' }))
        .status,
    ).toBe(409);
  });

  it('opens a secret sealed with the repository’s public key; another key id or box is 422; no answer holds it', async () => {
    const key = (await rest('GET', `${REPO}/actions/secrets/public-key`)).body as {
      key_id: string;
      key: string;
    };
    expect(Buffer.from(key.key, 'base64')).toHaveLength(32);
    const sealed = await seal('npm_t0ken-Ünicode', key.key);
    const put = await rest('PUT', `${REPO}/actions/secrets/NPM_TOKEN`, {
      encrypted_value: sealed,
      key_id: key.key_id,
    });
    expect(put).toEqual({ status: 201, body: {} });
    expect(await secretValueForTests(h.sim.target.world, 'hello-world', 'NPM_TOKEN')).toBe(
      'npm_t0ken-Ünicode',
    );
    const wrongId = await rest('PUT', `${REPO}/actions/secrets/NPM_TOKEN`, {
      encrypted_value: sealed,
      key_id: '1',
    });
    expect(wrongId.status).toBe(422);
    const otherKey = sodium.to_base64(sodium.crypto_box_keypair().publicKey, sodium.base64_variants.ORIGINAL);
    const wrongBox = await rest('PUT', `${REPO}/actions/secrets/NPM_TOKEN`, {
      encrypted_value: await seal('x', otherKey),
      key_id: key.key_id,
    });
    expect(wrongBox.status).toBe(422);
    const updated = await rest('PUT', `${REPO}/actions/secrets/NPM_TOKEN`, {
      encrypted_value: await seal('rotated', key.key),
      key_id: key.key_id,
    });
    expect(updated.status).toBe(204);
    expect(await secretValueForTests(h.sim.target.world, 'hello-world', 'NPM_TOKEN')).toBe('rotated');
    const list = await rest('GET', `${REPO}/actions/secrets`);
    expect(list.body).toMatchObject({ total_count: 1, secrets: [{ name: 'NPM_TOKEN' }] });
    expect(JSON.stringify(list.body)).not.toContain('rotated');
    expect((await rest('PUT', `${REPO}/actions/secrets/NPM_TOKEN`, {}, TARGET_TOKENS.monalisa)).status).toBe(
      403,
    );
  });

  it('hides webhooks from a member who is no owner and counts every request as REST', async () => {
    expect((await rest('GET', `${REPO}/hooks`, undefined, TARGET_TOKENS.monalisa)).status).toBe(404);
    expect((await rest('POST', `${REPO}/hooks`, { config: { url: 'https://x.example' } }, null)).status).toBe(
      401,
    );
    const before = h.sim.target.world.state().restRequests ?? 0;
    await rest('GET', `${REPO}/keys`);
    expect(h.sim.target.world.state().restRequests).toBe(before + 1);
    const created = await rest('POST', `${REPO}/hooks`, {
      config: { url: 'https://ci.example.com/hook', secret: 'k', content_type: 'json' },
      events: ['push'],
    });
    expect(created).toMatchObject({ status: 201, body: { active: true, config: { secret: '********' } } });
    const twice = await rest('POST', `${REPO}/hooks`, {
      config: { url: 'https://ci.example.com/hook' },
      events: ['push'],
    });
    expect(twice.status).toBe(422);
  });
});
