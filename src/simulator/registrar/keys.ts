/** The simulated registrar account's API keys (fake, published in the README). */
export const SIM_REGISTRAR_KEYS = {
  apiKey: 'pk1_sim_0000000000000000000000000000000000000000',
  secretApiKey: 'sk1_sim_0000000000000000000000000000000000000000',
} as const;
