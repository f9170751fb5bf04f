/**
 * The OAuth App seeded in every simulated source (its secret is published on purpose: it opens nothing outside the
 * simulator): the simulator registers it, and a gateway on the embedded simulator signs people in with it.
 */
export const SIM_OAUTH_CLIENT = {
  clientId: 'sim-oauth-client',
  clientSecret: 'sim-oauth-secret-FAKE',
} as const;
