import type { CredentialKind } from '@/contracts/github/operations';
import { SOURCE_SCOPES, TARGET_SCOPES_ANY_OF, type TokenCheck } from '@/contracts/moves';
import type { GithubCredentialConfig } from '@/server/credentials/credential-config';
import type { OrganizationRead } from './target-client';

/**
 * Which token can do which step of a move (whole-move.md §5), decided before anything starts: GEI takes
 * classic PATs only, so an App or a fine-grained token on the target is refused here with GitHub's own reason
 * (read in the pre-flight's organization request) or, when GitHub gave none, the documented one.
 */

/**
 * A credential's kind by GitHub's token prefixes: `github_pat_` fine-grained, `ghs_` an App installation's token
 * (also when configured as a plain token), else a classic PAT (`ghp_`, or a GHES/simulator token).
 */
export function tokenKindOf(config: GithubCredentialConfig): CredentialKind {
  if (config.kind === 'app') return 'app';
  if (config.token.startsWith('ghs_')) return 'app';
  return config.token.startsWith('github_pat_') ? 'fine-grained' : 'classic';
}

const DOCUMENTED_REFUSAL: Record<Exclude<CredentialKind, 'classic'>, string> = {
  app: 'GitHub Enterprise Importer does not take GitHub App tokens ("GitHub app is not supported at this time", gh-gei#1260); configure a classic personal access token.',
  'fine-grained':
    'GitHub Enterprise Importer takes only a personal access token (classic), not a fine-grained one.',
};

const hasAll = (scopes: readonly string[], wanted: readonly string[]) =>
  wanted.every((scope) => scopes.includes(scope));

export function targetTokenCheck(
  credential: string,
  kind: CredentialKind,
  read: Pick<OrganizationRead, 'geiRefusal' | 'scopes'>,
): TokenCheck {
  const base = {
    side: 'target' as const,
    credential,
    kind,
    steps: ['upload', 'start-import', 'status', 'validate'] as TokenCheck['steps'],
    ...(read.scopes ? { scopes: read.scopes } : {}),
  };
  const said = read.geiRefusal?.message;
  if (kind !== 'classic')
    return { ...base, ok: false, reason: said ? `GitHub says: ${said}` : DOCUMENTED_REFUSAL[kind] };
  if (said) return { ...base, ok: false, reason: `GitHub says: ${said}` };
  if (read.scopes && !TARGET_SCOPES_ANY_OF.some((set) => hasAll(read.scopes ?? [], set)))
    return {
      ...base,
      ok: false,
      reason: `GEI needs the scopes ${TARGET_SCOPES_ANY_OF.map((set) => set.join(', ')).join(' (an owner) or ')} (a migrator); this token has ${read.scopes.join(', ') || 'none'}.`,
    };
  return {
    ...base,
    ok: true,
    reason: read.scopes
      ? 'A classic personal access token that GEI’s operations answer, with the scopes they need.'
      : 'A classic personal access token that GEI’s operations answer.',
  };
}

/**
 * The source token exports (and locks, unlocks): chosen among those the gateway may export with (one that may
 * not is refused before this), it needs `admin:org, repo` when GitHub names its scopes.
 */
export function sourceTokenCheck(
  credential: string,
  kind: CredentialKind,
  scopes: readonly string[] | undefined,
): TokenCheck {
  const base = {
    side: 'source' as const,
    credential,
    kind,
    steps: ['export'] as TokenCheck['steps'],
    ...(scopes ? { scopes: [...scopes] } : {}),
  };
  if (scopes && !hasAll(scopes, SOURCE_SCOPES))
    return {
      ...base,
      ok: false,
      reason: `Exports need the scopes ${SOURCE_SCOPES.join(', ')}; this token has ${scopes.join(', ') || 'none'}.`,
    };
  return { ...base, ok: true, reason: 'May export this organization’s repositories.' };
}
