import type { CredentialSummary } from './credentials';

/** `GET /api/config`: non-secret facts about each upstream. Shared by the gateway and the SPA. */
export type UpstreamMode = 'simulator' | 'live';

export interface UpstreamFacts {
  mode: UpstreamMode;
  /** The base URL, or "embedded simulator". */
  baseUrl: string;
  /** What to show in the app bar: "Simulator" or the live host. */
  host: string;
  credentialConfigured: boolean;
}

export interface GatewayPublicConfig {
  /** `credentials`: every configured GitHub credential, in the order features take them by default. */
  github: UpstreamFacts & { apiVersion: string; credentials: CredentialSummary[] };
  registrar: UpstreamFacts;
  passwordProtected: boolean;
}
