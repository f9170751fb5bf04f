import type { CredentialKind } from './github/operations';
import { isRecord } from './json';

/**
 * Several GitHub credentials side by side. The browser names the one a request should use in this header;
 * without it the gateway takes the first configured credential that may call the operation.
 */
export const CREDENTIAL_HEADER = 'x-ferry-credential';

/**
 * The name of the credential `GITHUB_TOKEN` configures (and of the simulator's own user): what a reading or a
 * request is recorded under when it names none.
 */
export const DEFAULT_CREDENTIAL = 'default';

/** Names are chosen by whoever configures the gateway: short, lower-case, safe in a header and a label. */
export const CREDENTIAL_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

export type { CredentialKind };

/** `GET /api/config` lists these: enough to pick one and say what it cannot do. Never a secret. */
export interface CredentialSummary {
  name: string;
  kind: CredentialKind;
}

/** `GET /api/credentials`: what GitHub says about each credential (looked up by the gateway, cached). */
export interface CredentialDetails extends CredentialSummary {
  /** The user (tokens) or the account the App is installed on. */
  login?: string;
  /** Classic tokens: `X-OAuth-Scopes`. */
  scopes?: string[];
  /** App installations: the installation's permissions. */
  permissions?: Record<string, string>;
  /** ISO time the credential stops working (a token's expiry; an installation token's next renewal). */
  expiresAt?: string;
  /** Why GitHub could not tell (bad credentials, unreachable). */
  problem?: string;
}

export const KIND_LABELS: Record<CredentialKind, string> = {
  classic: 'Personal access token (classic)',
  'fine-grained': 'Fine-grained personal access token',
  app: 'GitHub App installation',
};

/** Which kinds may call an operation (GitHub operations say; anything else takes any). */
export interface OperationCredentials {
  credentials?: readonly CredentialKind[];
}

/** Why a credential of this kind cannot call an operation, or undefined when it may. */
export function refusalOf(kind: CredentialKind, operation: OperationCredentials) {
  if (!operation.credentials || operation.credentials.includes(kind)) return undefined;
  return kind === 'app'
    ? 'GitHub does not let App installations call this operation (enabledForGitHubApps: false in its published description); use a personal access token.'
    : `GitHub does not accept a ${KIND_LABELS[kind].toLowerCase()} here.`;
}

/** The credential a feature uses by default: the one asked for when it may, else the first that may. */
export function defaultCredential<T extends CredentialSummary>(
  credentials: readonly T[],
  operation: OperationCredentials,
  preferred?: string,
): T | undefined {
  const allowed = credentials.filter((credential) => !refusalOf(credential.kind, operation));
  return allowed.find((credential) => credential.name === preferred) ?? allowed[0];
}

const KINDS: readonly CredentialKind[] = ['classic', 'fine-grained', 'app'];

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/** The gateway's answer, checked at the edge. */
export function parseCredentialDetails(data: unknown): CredentialDetails[] {
  if (!isRecord(data) || !Array.isArray(data.credentials)) return [];
  return data.credentials.flatMap((item: unknown): CredentialDetails[] => {
    if (!isRecord(item) || typeof item.name !== 'string') return [];
    const kind = KINDS.find((known) => known === item.kind);
    if (!kind) return [];
    return [
      {
        name: item.name,
        kind,
        login: typeof item.login === 'string' ? item.login : undefined,
        scopes: Array.isArray(item.scopes)
          ? item.scopes.filter((scope): scope is string => typeof scope === 'string')
          : undefined,
        permissions: stringRecord(item.permissions),
        expiresAt: typeof item.expiresAt === 'string' ? item.expiresAt : undefined,
        problem: typeof item.problem === 'string' ? item.problem : undefined,
      },
    ];
  });
}
