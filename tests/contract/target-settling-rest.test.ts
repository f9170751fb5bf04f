import sodium from 'libsodium-wrappers';
import { beforeAll, describe, expect, it } from 'vitest';
import { TARGET_SETTLING_OPERATIONS } from '@/contracts/github/settling-operations';
import { TARGET_TOKENS } from '@/simulator/target/seed';
import { importRepository, targetRest, type Answer, type Harness } from '@/simulator/target/settling-harness';
import { harness } from '@/simulator/target/test-harness';
import {
  expectMatchesOperation,
  expectMatchesSchema,
  findOperation,
  undeclaredPropertiesOfSchema,
} from './openapi-harness';

/**
 * The target's answers to what a move settles after the import (src/contracts/github/settling-operations.ts)
 * against GitHub's OpenAPI description: a success and an error for each, in order on one imported repository
 * (later cases use what earlier ones created). GitHub answers `status` in every error body; `validation-error`
 * does not declare it. A 409, and a 422 where the operation declares none (GitHub answers both), are checked
 * against `basic-error`.
 */
type OperationId = (typeof TARGET_SETTLING_OPERATIONS)[number]['id'];

interface Found {
  hookId?: number;
  teamId?: number;
  key?: { key_id: string; key: string };
}

interface Case {
  operationId: OperationId;
  method: string;
  path: string | ((found: Found) => string);
  body?: object;
  /** A body made from what earlier cases found (a sealed secret, a team's id). */
  makeBody?: (found: Found) => Promise<object>;
  token?: string | null;
  status: number;
  /** An error status the operation does not declare: checked against `basic-error`. */
  undeclaredError?: true;
  /** Fields the harness's `anyOf` walk misreads (it follows the first branch that validates). */
  undeclared?: string[];
  keep?: (body: unknown, found: Found) => void;
}

const REPO = '/repos/octo-target/hello-world';
const NO_REPO = '/repos/octo-target/no-such-repo';
const TEAMS = '/orgs/octo-target/teams';
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGNvbnRyYWN0LXRlc3Qta2V5LWZvci1oZWxsby13b3JsZA==';
const MONA = TARGET_TOKENS.monalisa;
/** A `required_reviewers` rule's own fields: the harness reads the rule as the `wait_timer` branch (see Case). */
const REVIEWER_RULE = ['prevent_self_review', 'reviewers'];

async function sealed(found: Found, value: string) {
  await sodium.ready;
  const key = sodium.from_base64(found.key?.key ?? '', sodium.base64_variants.ORIGINAL);
  return {
    encrypted_value: sodium.to_base64(sodium.crypto_box_seal(value, key), sodium.base64_variants.ORIGINAL),
    key_id: found.key?.key_id,
  };
}

const CASES: Case[] = [
  {
    operationId: 'teams/create',
    method: 'POST',
    path: TEAMS,
    body: { name: 'core', privacy: 'closed' },
    status: 201,
    keep: (body, found) => {
      found.teamId = (body as { id: number }).id;
    },
  },
  { operationId: 'teams/create', method: 'POST', path: TEAMS, body: { name: 'Core' }, status: 422 },
  { operationId: 'teams/create', method: 'POST', path: TEAMS, body: { name: 'x' }, token: MONA, status: 403 },
  { operationId: 'teams/list', method: 'GET', path: TEAMS, status: 200 },
  { operationId: 'teams/list', method: 'GET', path: TEAMS, token: null, status: 401 },
  { operationId: 'teams/get-by-name', method: 'GET', path: `${TEAMS}/core`, status: 200 },
  { operationId: 'teams/get-by-name', method: 'GET', path: `${TEAMS}/nope`, status: 404 },
  {
    operationId: 'teams/add-or-update-membership-for-user-in-org',
    method: 'PUT',
    path: `${TEAMS}/core/memberships/outsider`,
    body: { role: 'member' },
    status: 200,
  },
  {
    operationId: 'teams/add-or-update-membership-for-user-in-org',
    method: 'PUT',
    path: `${TEAMS}/core/memberships/nobody-at-all`,
    body: {},
    status: 404,
  },
  { operationId: 'teams/list-members-in-org', method: 'GET', path: `${TEAMS}/core/members`, status: 200 },
  { operationId: 'teams/list-members-in-org', method: 'GET', path: `${TEAMS}/nope/members`, status: 404 },
  {
    operationId: 'teams/add-or-update-repo-permissions-in-org',
    method: 'PUT',
    path: `${TEAMS}/core/repos/octo-target/hello-world`,
    body: { permission: 'push' },
    status: 204,
  },
  {
    operationId: 'teams/add-or-update-repo-permissions-in-org',
    method: 'PUT',
    path: `${TEAMS}/core/repos/octo-target/no-such-repo`,
    body: {},
    status: 404,
  },
  { operationId: 'teams/list-repos-in-org', method: 'GET', path: `${TEAMS}/core/repos`, status: 200 },
  { operationId: 'teams/list-repos-in-org', method: 'GET', path: `${TEAMS}/nope/repos`, status: 404 },
  {
    operationId: 'repos/add-collaborator',
    method: 'PUT',
    path: `${REPO}/collaborators/outsider`,
    body: { permission: 'pull' },
    status: 201,
  },
  {
    operationId: 'repos/add-collaborator',
    method: 'PUT',
    path: `${REPO}/collaborators/monalisa`,
    body: {},
    status: 204,
  },
  {
    operationId: 'repos/add-collaborator',
    method: 'PUT',
    path: `${REPO}/collaborators/outsider`,
    body: {},
    token: MONA,
    status: 403,
  },
  { operationId: 'repos/list-invitations', method: 'GET', path: `${REPO}/invitations`, status: 200 },
  {
    operationId: 'repos/list-invitations',
    method: 'GET',
    path: `${REPO}/invitations`,
    token: MONA,
    status: 403,
  },
  {
    operationId: 'actions/create-repo-variable',
    method: 'POST',
    path: `${REPO}/actions/variables`,
    body: { name: 'DEPLOY_ENV', value: 'prod' },
    status: 201,
  },
  {
    operationId: 'actions/create-repo-variable',
    method: 'POST',
    path: `${REPO}/actions/variables`,
    body: { name: 'DEPLOY_ENV', value: 'x' },
    status: 409,
    undeclaredError: true,
  },
  {
    operationId: 'actions/list-repo-variables',
    method: 'GET',
    path: `${REPO}/actions/variables`,
    status: 200,
  },
  {
    operationId: 'actions/list-repo-variables',
    method: 'GET',
    path: `${REPO}/actions/variables`,
    token: MONA,
    status: 403,
  },
  {
    operationId: 'actions/get-repo-variable',
    method: 'GET',
    path: `${REPO}/actions/variables/DEPLOY_ENV`,
    status: 200,
  },
  {
    operationId: 'actions/get-repo-variable',
    method: 'GET',
    path: `${REPO}/actions/variables/NOPE`,
    status: 404,
  },
  {
    operationId: 'actions/update-repo-variable',
    method: 'PATCH',
    path: `${REPO}/actions/variables/DEPLOY_ENV`,
    body: { value: 'production' },
    status: 204,
  },
  {
    operationId: 'actions/update-repo-variable',
    method: 'PATCH',
    path: `${REPO}/actions/variables/NOPE`,
    body: { value: 'x' },
    status: 404,
  },
  {
    operationId: 'actions/delete-repo-variable',
    method: 'DELETE',
    path: `${REPO}/actions/variables/DEPLOY_ENV`,
    status: 204,
  },
  {
    operationId: 'actions/delete-repo-variable',
    method: 'DELETE',
    path: `${REPO}/actions/variables/DEPLOY_ENV`,
    status: 404,
  },
  {
    operationId: 'repos/create-deploy-key',
    method: 'POST',
    path: `${REPO}/keys`,
    body: { title: 'ci', key: KEY, read_only: true },
    status: 201,
  },
  {
    operationId: 'repos/create-deploy-key',
    method: 'POST',
    path: `${REPO}/keys`,
    body: { title: 'ci', key: KEY },
    status: 422,
  },
  { operationId: 'repos/list-deploy-keys', method: 'GET', path: `${REPO}/keys`, status: 200 },
  { operationId: 'repos/list-deploy-keys', method: 'GET', path: `${NO_REPO}/keys`, status: 404 },
  {
    operationId: 'repos/list-webhooks',
    method: 'GET',
    path: `${REPO}/hooks`,
    status: 200,
    keep: (body, found) => {
      found.hookId = (body as { id: number }[])[0]?.id;
    },
  },
  { operationId: 'repos/list-webhooks', method: 'GET', path: `${REPO}/hooks`, token: MONA, status: 404 },
  {
    operationId: 'repos/get-webhook',
    method: 'GET',
    path: (found) => `${REPO}/hooks/${found.hookId}`,
    status: 200,
  },
  { operationId: 'repos/get-webhook', method: 'GET', path: `${REPO}/hooks/1`, status: 404 },
  {
    operationId: 'repos/update-webhook',
    method: 'PATCH',
    path: (found) => `${REPO}/hooks/${found.hookId}`,
    body: { config: { secret: 'given' }, active: true },
    status: 200,
  },
  {
    operationId: 'repos/update-webhook',
    method: 'PATCH',
    path: (found) => `${REPO}/hooks/${found.hookId}`,
    body: { config: { url: 'not a url' } },
    status: 422,
  },
  { operationId: 'repos/update-webhook', method: 'PATCH', path: `${REPO}/hooks/1`, body: {}, status: 404 },
  {
    operationId: 'repos/create-webhook',
    method: 'POST',
    path: `${REPO}/hooks`,
    body: {
      config: { url: 'https://ci.example.com/hook', secret: 's', content_type: 'json' },
      events: ['push', 'pull_request'],
    },
    status: 201,
  },
  {
    operationId: 'repos/create-webhook',
    method: 'POST',
    path: `${REPO}/hooks`,
    body: { config: {} },
    status: 422,
  },
  {
    operationId: 'repos/create-webhook',
    method: 'POST',
    path: `${NO_REPO}/hooks`,
    body: { config: { url: 'https://x.example' } },
    status: 404,
  },
  {
    operationId: 'actions/get-repo-public-key',
    method: 'GET',
    path: `${REPO}/actions/secrets/public-key`,
    status: 200,
    keep: (body, found) => {
      found.key = body as Found['key'];
    },
  },
  {
    operationId: 'actions/get-repo-public-key',
    method: 'GET',
    path: `${NO_REPO}/actions/secrets/public-key`,
    status: 404,
  },
  {
    operationId: 'actions/create-or-update-repo-secret',
    method: 'PUT',
    path: `${REPO}/actions/secrets/NPM_TOKEN`,
    makeBody: (found) => sealed(found, 'v1'),
    status: 201,
  },
  {
    operationId: 'actions/create-or-update-repo-secret',
    method: 'PUT',
    path: `${REPO}/actions/secrets/NPM_TOKEN`,
    makeBody: (found) => sealed(found, 'v2'),
    status: 204,
  },
  {
    operationId: 'actions/create-or-update-repo-secret',
    method: 'PUT',
    path: `${REPO}/actions/secrets/NPM_TOKEN`,
    makeBody: async (found) => ({ ...(await sealed(found, 'v3')), key_id: '42' }),
    status: 422,
    undeclaredError: true,
  },
  { operationId: 'actions/list-repo-secrets', method: 'GET', path: `${REPO}/actions/secrets`, status: 200 },
  {
    operationId: 'actions/list-repo-secrets',
    method: 'GET',
    path: `${REPO}/actions/secrets`,
    token: MONA,
    status: 403,
  },
  {
    operationId: 'repos/create-or-update-environment',
    method: 'PUT',
    path: `${REPO}/environments/production`,
    makeBody: (found) =>
      Promise.resolve({
        wait_timer: 5,
        reviewers: [
          { type: 'Team', id: found.teamId },
          { type: 'User', id: 583231 },
        ],
        deployment_branch_policy: { protected_branches: false, custom_branch_policies: true },
      }),
    status: 200,
    undeclared: REVIEWER_RULE.map((field) => `/protection_rules/*/${field}`),
    // The reviewers themselves, as the rule's `anyOf` branch declares them (`team`, `simple-user`).
    keep: (body) => {
      const rule = (
        body as { protection_rules: { type: string; reviewers?: { reviewer: unknown }[] }[] }
      ).protection_rules.find((candidate) => candidate.type === 'required_reviewers');
      const [team, user] = rule?.reviewers ?? [];
      expectMatchesSchema('team', team?.reviewer);
      expectMatchesSchema('simple-user', user?.reviewer);
    },
  },
  {
    operationId: 'repos/create-or-update-environment',
    method: 'PUT',
    path: `${REPO}/environments/staging`,
    body: { wait_timer: 50_000 },
    status: 422,
  },
  {
    operationId: 'repos/get-all-environments',
    method: 'GET',
    path: `${REPO}/environments`,
    status: 200,
    undeclared: REVIEWER_RULE.map((field) => `/environments/*/protection_rules/*/${field}`),
  },
  { operationId: 'repos/get-all-environments', method: 'GET', path: `${NO_REPO}/environments`, status: 404 },
  {
    operationId: 'actions/create-environment-variable',
    method: 'POST',
    path: `${REPO}/environments/production/variables`,
    body: { name: 'REGION', value: 'eu' },
    status: 201,
  },
  {
    operationId: 'actions/create-environment-variable',
    method: 'POST',
    path: `${REPO}/environments/production/variables`,
    body: { name: 'REGION', value: 'eu' },
    status: 409,
    undeclaredError: true,
  },
  {
    operationId: 'actions/create-environment-variable',
    method: 'POST',
    path: `${REPO}/environments/nope/variables`,
    body: { name: 'A', value: 'b' },
    status: 404,
  },
];

describe('the target’s settling REST matches GitHub’s OpenAPI description', () => {
  let h: Harness;
  let rest: ReturnType<typeof targetRest>;
  const found: Found = {};
  beforeAll(async () => {
    h = harness();
    rest = targetRest(h);
    await importRepository(h, 'hello-world');
  });

  it.each(
    CASES.map((c) => [`${c.operationId} ${c.status} ${c.method} ${String(c.path).slice(0, 50)}`, c] as const),
  )('%s', async (_, c) => {
    const path = typeof c.path === 'string' ? c.path : c.path(found);
    const body = c.makeBody ? await c.makeBody(found) : c.body;
    const answer: Answer = await rest(
      c.method,
      path,
      body,
      c.token === undefined ? TARGET_TOKENS.octocat : c.token,
    );
    expect(answer.status, JSON.stringify(answer.body)?.slice(0, 300)).toBe(c.status);
    if (c.undeclaredError) {
      expectMatchesSchema('basic-error', answer.body);
      expect(undeclaredPropertiesOfSchema('basic-error', answer.body)).toEqual([]);
    } else {
      const validation = c.status === 422 && findOperation(c.operationId)?.operation.responses['422'];
      expectMatchesOperation(c.operationId, answer.status, answer.body, {
        undeclared: [
          ...(validation && typeof answer.body === 'object' && answer.body && 'errors' in answer.body
            ? ['/status']
            : []),
          ...(c.undeclared ?? []),
        ],
      });
    }
    c.keep?.(answer.body, found);
  });

  it('covers every operation of the table with a success and an error, and each is in the subset', () => {
    for (const operation of TARGET_SETTLING_OPERATIONS) {
      expect(findOperation(operation.id), operation.id).toBeDefined();
      const statuses = CASES.filter((c) => c.operationId === operation.id).map((c) => c.status);
      expect(
        statuses.some((status) => status < 300),
        `${operation.id} success`,
      ).toBe(true);
      expect(
        statuses.some((status) => status >= 400),
        `${operation.id} error`,
      ).toBe(true);
    }
  });
});
