import type { TargetState } from '../state';
import { orgView, type OrgView } from '../views';
import type { Caller, TargetWorld } from '../world';

export interface GqlContext {
  world: TargetWorld;
  state: TargetState;
  caller: Caller;
  now: number;
  /** The target's origin as the client addressed it (log URLs point there). */
  origin: string;
  /** Whether GitHub-owned storage's preview is on (`GraphQL-Features: octoshift_github_owned_storage`). */
  storagePreview: boolean;
  /** Points this request costs (for `rateLimit { cost }`) and what the account has after it. */
  cost: number;
  view(): OrgView;
  /** Forget the derived view after a mutation changed the state. */
  invalidate(): void;
}

export function createContext(fields: Omit<GqlContext, 'view' | 'invalidate'>): GqlContext {
  let cached: OrgView | undefined;
  return {
    ...fields,
    view: () => (cached ??= orgView(fields.state, fields.now)),
    invalidate: () => {
      cached = undefined;
    },
  };
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
