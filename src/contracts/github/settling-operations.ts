/**
 * The REST a move settles a repository with on the target GitHub.com after its import (issue 50; the target
 * simulator serves them, src/simulator/target/routes/): teams and their access, collaborators, Actions variables
 * and secrets, deploy keys, webhooks and environments. The gateway sends them itself with the move's target
 * credential: never forwarded for a browser, so not on the allow-list. scripts/extract-openapi-subset.mjs reads
 * this list as it reads operations.ts, and tests/contract/target-settling-rest.test.ts checks the target's answers.
 * Some reads are the inventory's too (inventory-operations.ts): listed here as well, on the other GitHub.
 * `name` parameters (a variable's, a secret's, an environment's) fit no kind of names.ts.
 */
export const TARGET_SETTLING_OPERATIONS = [
  // Teams, their members and the repositories they hold.
  { id: 'teams/list', method: 'GET', path: 'orgs/{org:login}/teams' },
  { id: 'teams/create', method: 'POST', path: 'orgs/{org:login}/teams' },
  { id: 'teams/get-by-name', method: 'GET', path: 'orgs/{org:login}/teams/{team_slug:login}' },
  {
    id: 'teams/add-or-update-membership-for-user-in-org',
    method: 'PUT',
    path: 'orgs/{org:login}/teams/{team_slug:login}/memberships/{username:login}',
  },
  {
    id: 'teams/list-members-in-org',
    method: 'GET',
    path: 'orgs/{org:login}/teams/{team_slug:login}/members',
  },
  {
    id: 'teams/add-or-update-repo-permissions-in-org',
    method: 'PUT',
    path: 'orgs/{org:login}/teams/{team_slug:login}/repos/{owner:login}/{repo:repo}',
  },
  { id: 'teams/list-repos-in-org', method: 'GET', path: 'orgs/{org:login}/teams/{team_slug:login}/repos' },
  // Outside collaborators: invited.
  {
    id: 'repos/add-collaborator',
    method: 'PUT',
    path: 'repos/{owner:login}/{repo:repo}/collaborators/{username:login}',
  },
  { id: 'repos/list-invitations', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/invitations' },
  // Actions variables.
  {
    id: 'actions/list-repo-variables',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/actions/variables',
  },
  {
    id: 'actions/create-repo-variable',
    method: 'POST',
    path: 'repos/{owner:login}/{repo:repo}/actions/variables',
  },
  {
    id: 'actions/get-repo-variable',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/actions/variables/{name:name}',
  },
  {
    id: 'actions/update-repo-variable',
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/actions/variables/{name:name}',
  },
  {
    id: 'actions/delete-repo-variable',
    method: 'DELETE',
    path: 'repos/{owner:login}/{repo:repo}/actions/variables/{name:name}',
  },
  // Deploy keys.
  { id: 'repos/list-deploy-keys', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/keys' },
  { id: 'repos/create-deploy-key', method: 'POST', path: 'repos/{owner:login}/{repo:repo}/keys' },
  // Webhooks: an import's arrive disabled without their secret; a PATCH sets it and turns them on.
  { id: 'repos/list-webhooks', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/hooks' },
  { id: 'repos/create-webhook', method: 'POST', path: 'repos/{owner:login}/{repo:repo}/hooks' },
  { id: 'repos/get-webhook', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/hooks/{hook_id:id}' },
  { id: 'repos/update-webhook', method: 'PATCH', path: 'repos/{owner:login}/{repo:repo}/hooks/{hook_id:id}' },
  // Actions secrets: sealed with the repository's public key.
  {
    id: 'actions/get-repo-public-key',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/actions/secrets/public-key',
  },
  {
    id: 'actions/create-or-update-repo-secret',
    method: 'PUT',
    path: 'repos/{owner:login}/{repo:repo}/actions/secrets/{secret_name:name}',
  },
  { id: 'actions/list-repo-secrets', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/actions/secrets' },
  // Environments and their variables.
  {
    id: 'repos/create-or-update-environment',
    method: 'PUT',
    path: 'repos/{owner:login}/{repo:repo}/environments/{environment_name:name}',
  },
  { id: 'repos/get-all-environments', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/environments' },
  {
    id: 'actions/create-environment-variable',
    method: 'POST',
    path: 'repos/{owner:login}/{repo:repo}/environments/{environment_name:name}/variables',
  },
] as const;
