/** The simulated registrar account's API keys (fake, published in the README). */
export const SIM_REGISTRAR_KEYS = {
  apiKey: 'pk1_sim_FAKE_public_key',
  secretApiKey: 'sk1_sim_FAKE_secret_key',
} as const;
