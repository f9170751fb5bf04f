import type { SimClock } from '../clock';
import type { TargetFaults } from './faults';
import type { GeiStorageLike } from './gei-storage-port';
import { findUser, type TargetState } from './state';
import type { TargetToken } from './seed';

/** The target GitHub.com as its routes see it: state, clock, GitHub-owned storage and the way to the source. */
export interface TargetWorld {
  state: () => TargetState;
  clock: SimClock;
  storage: () => GeiStorageLike;
  /** The simulator's own fetch (source archive URLs resolve in process). */
  fetchSource: (request: Request) => Promise<Response>;
  /** GraphQL faults in force (`/__sim/faults/target`). */
  faults: TargetFaults;
}

export type CallerKind = TargetToken['kind'];

export interface Caller {
  kind: CallerKind;
  login?: string;
  scopes: string[];
  /** Whose GraphQL points it spends: the user, or `installation:<id>`. */
  account: string;
  /** The numeric id GitHub names in its rate-limit message. */
  accountId: number;
}

/** Who a `token`/`bearer` Authorization header names; a string is the 401 message. */
export function identifyCaller(state: TargetState, header: string | undefined): Caller | string {
  if (!header) return 'This endpoint requires you to be authenticated.';
  const value = /^(?:token|bearer)\s+(\S+)$/i.exec(header.trim())?.[1];
  const token = value ? state.tokens.get(value) : undefined;
  if (!token) return 'Bad credentials';
  if (token.kind === 'installation') {
    return {
      kind: token.kind,
      scopes: [],
      account: `installation:${token.installationId}`,
      accountId: token.installationId ?? 0,
    };
  }
  const user = token.login ? findUser(state, token.login) : undefined;
  return {
    kind: token.kind,
    login: user?.login ?? token.login,
    scopes: token.scopes,
    account: user?.login ?? String(token.login),
    accountId: user?.databaseId ?? 0,
  };
}
