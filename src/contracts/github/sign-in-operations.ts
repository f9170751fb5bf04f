/**
 * The REST reads a GitHub sign-in makes with the person's own token (issue 51; the simulated source answers them in
 * src/simulator/github/routes/sign-in-reads.ts). The gateway sends them itself, server-side: never forwarded for a
 * browser, so not on the allow-list (src/server/allow-list.ts is built from GITHUB_OPERATIONS alone).
 * scripts/extract-openapi-subset.mjs reads this list as it reads operations.ts, so the vendored OpenAPI subset holds
 * them and tests/contract/source-sign-in-rest.test.ts checks the simulator's answers.
 *
 * A sign-in also reads `GET /user` (`users/get-authenticated`, already on the allow-list) and may read
 * `GET /repos/{owner}/{repo}` for `permissions.admin` (`repos/get`, already in target-operations.ts): each operation
 * is listed once across the tables. GitHub's OAuth endpoints (`/login/oauth/…`) are not in the REST description.
 */
export const SIGN_IN_OPERATIONS = [
  {
    id: 'orgs/get-membership-for-authenticated-user',
    method: 'GET',
    path: 'user/memberships/orgs/{org:login}',
  },
] as const;
