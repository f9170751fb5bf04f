/**
 * The REST reads a pre-move inventory makes of the source (issue 49; src/simulator/github/routes/inventory.ts
 * simulates them). The gateway sends them itself, with the move's credential: never forwarded for a browser, so
 * not on the allow-list (src/server/allow-list.ts is built from GITHUB_OPERATIONS alone).
 * scripts/extract-openapi-subset.mjs reads this list as it reads operations.ts, so the vendored OpenAPI subset
 * holds them and tests/contract/source-inventory-rest.test.ts checks the simulator's answers.
 *
 * `repos/list-tag-protection` (`GET /repos/{owner}/{repo}/tags/protection`) is read too, but GitHub.com's
 * description no longer has it (retired for rulesets; only GitHub Enterprise Server's descriptions do): it is
 * checked against `ghes-3.17.json` of the same package instead, outside this list.
 */
export const SOURCE_INVENTORY_OPERATIONS = [
  // The organization: its apps, packages, teams and security alerts.
  { id: 'orgs/list-app-installations', method: 'GET', path: 'orgs/{org:login}/installations' },
  { id: 'packages/list-packages-for-organization', method: 'GET', path: 'orgs/{org:login}/packages' },
  { id: 'code-scanning/list-alerts-for-org', method: 'GET', path: 'orgs/{org:login}/code-scanning/alerts' },
  {
    id: 'secret-scanning/list-alerts-for-org',
    method: 'GET',
    path: 'orgs/{org:login}/secret-scanning/alerts',
  },
  { id: 'teams/list', method: 'GET', path: 'orgs/{org:login}/teams' },
  { id: 'teams/list-repos-in-org', method: 'GET', path: 'orgs/{org:login}/teams/{team_slug:login}/repos' },
  // Each repository: what GitHub Enterprise Importer leaves behind, and its files.
  { id: 'repos/list-webhooks', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/hooks' },
  { id: 'actions/list-repo-secrets', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/actions/secrets' },
  {
    id: 'actions/get-repo-public-key',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/actions/secrets/public-key',
  },
  {
    id: 'actions/list-repo-variables',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/actions/variables',
  },
  {
    id: 'actions/list-self-hosted-runners-for-repo',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/actions/runners',
  },
  // `tree_sha`: a commit or tree id, or a branch name (no kind of names.ts fits; the gateway passes the
  // default branch's head commit id GraphQL gave it).
  { id: 'git/get-tree', method: 'GET', path: 'repos/{owner:login}/{repo:repo}/git/trees/{tree_sha:sha}' },
] as const;
