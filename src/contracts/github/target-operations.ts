/**
 * The REST reads (and a trial's one delete) the target GitHub.com serves (src/simulator/target/rest.ts) beside the gateway's operations:
 * scripts/extract-openapi-subset.mjs reads this list as it reads operations.ts, so the vendored OpenAPI subset
 * holds them and tests/contract/target-rest.test.ts checks the target's answers. Not on the gateway's allow-list.
 */
export const TARGET_OPERATIONS = [
  { id: 'orgs/get', method: 'GET', path: 'orgs/{org:login}' },
  { id: 'repos/get', method: 'GET', path: 'repos/{owner:login}/{repo:repo}' },
  // The move's pre-flight: the organization's rulesets, then each one's conditions and bypass list.
  { id: 'repos/get-org-rulesets', method: 'GET', path: 'orgs/{org:login}/rulesets' },
  { id: 'repos/get-org-ruleset', method: 'GET', path: 'orgs/{org:login}/rulesets/{ruleset_id:id}' },
  // A trial move deletes its trial repositories once validated (the only write here).
  { id: 'repos/delete', method: 'DELETE', path: 'repos/{owner:login}/{repo:repo}' },
] as const;
