import type { Actor } from './auth';

/**
 * What fine-grained tokens and App installations may call, for Ferry's operations (GitHub's published
 * "Permissions required for fine-grained personal access tokens" and each operation's
 * `enabledForGitHubApps`). Classic tokens are judged by their scopes in the routes, as before.
 */
interface Rule {
  pattern: RegExp;
  /** GitHub's permission name; GETs need `read`, anything else `write`. None: any fine-grained token may. */
  permission?: string;
  /** `false`: an App installation (or its JWT) may not call it at all. */
  apps: boolean;
}

const RULES: Rule[] = [
  { pattern: /^\/orgs\/[^/]+\/migrations(?:\/|$)/, permission: 'organization_administration', apps: false },
  { pattern: /^\/user\/migrations(?:\/|$)/, apps: false },
  { pattern: /^\/repos\/[^/]+\/[^/]+\/import(?:\/|$)/, permission: 'administration', apps: true },
  { pattern: /^\/orgs\/[^/]+\/repos$/, permission: 'metadata', apps: true },
  { pattern: /^\/user(?:\/orgs|\/repos)?$/, apps: false },
  // A user's own membership: an App installation is no user (GitHub: "Resource not accessible by integration").
  { pattern: /^\/user\/memberships\/orgs\/[^/]+$/, apps: false },
];

const DOCS =
  'https://docs.github.com/rest/authentication/permissions-required-for-fine-grained-personal-access-tokens';

export interface Refusal {
  message: string;
  documentation: string;
  /** `X-Accepted-GitHub-Permissions`: what would have been enough. */
  accepted?: string;
}

const LEVELS: Record<string, number> = { read: 1, write: 2, admin: 3 };

export function permissionRefusal(actor: Actor, method: string, path: string): Refusal | undefined {
  const apiPath = path.replace(/^\/api\/v3/, '');
  if (actor.kind === 'app') {
    // An App's JWT only reaches the App's own routes.
    return apiPath.startsWith('/app/') || apiPath === '/app' ? undefined : byIntegration();
  }
  if (actor.kind !== 'fine-grained' && actor.kind !== 'installation') return undefined;
  const rule = RULES.find((candidate) => candidate.pattern.test(apiPath));
  if (!rule) return undefined;
  if (actor.kind === 'installation' && !rule.apps) return byIntegration();
  if (!rule.permission) return undefined;
  const level = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  const held = actor.permissions?.[rule.permission];
  if (held && (LEVELS[held] ?? 0) >= (LEVELS[level] ?? 0)) return undefined;
  return {
    message:
      actor.kind === 'installation'
        ? 'Resource not accessible by integration'
        : 'Resource not accessible by personal access token',
    documentation: DOCS,
    accepted: `${rule.permission}=${level}`,
  };
}

function byIntegration(): Refusal {
  return { message: 'Resource not accessible by integration', documentation: DOCS };
}
