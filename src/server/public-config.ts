import type { GatewayPublicConfig } from '@/contracts/gateway-config';
import type { GatewayConfig } from './config';

/** The connection facts the browser may see: modes, hosts, whether a credential is set. Never a secret. */
export function publicConfig(config: GatewayConfig): GatewayPublicConfig {
  const credentials = config.github.credentials.map(({ name, kind }) => ({ name, kind }));
  return {
    github: {
      mode: config.github.mode,
      baseUrl: config.github.mode === 'simulator' ? 'embedded simulator' : config.github.baseUrl,
      host: config.github.mode === 'simulator' ? 'Simulator' : new URL(config.github.baseUrl).host,
      credentialConfigured: config.github.mode === 'simulator' || credentials.length > 0,
      apiVersion: config.github.apiVersion,
      credentials,
    },
    registrar: {
      mode: config.registrar.mode,
      baseUrl: config.registrar.mode === 'simulator' ? 'embedded simulator' : config.registrar.baseUrl,
      host: config.registrar.mode === 'simulator' ? 'Simulator' : new URL(config.registrar.baseUrl).host,
      credentialConfigured:
        config.registrar.mode === 'simulator' ||
        Boolean(config.registrar.apiKey && config.registrar.secretApiKey),
    },
    passwordProtected: Boolean(config.password),
  };
}
