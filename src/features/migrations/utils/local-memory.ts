/**
 * What this browser remembers about migrations, in localStorage: recently used organizations, and per migration
 * the states seen (the timeline), repositories known to be unlocked, and whether its archive was deleted. GitHub
 * reports none of these, so they are remembered where they were observed. Storage failures are ignored.
 */
export interface StateSeen {
  state: string;
  /** Epoch ms when this browser first saw the state (or GitHub's updated_at for it, when known). */
  at: number;
}

export interface MigrationMemory {
  /** Which migration this is about: ids restart when a simulator is reset, guids do not repeat. */
  guid?: string;
  states: StateSeen[];
  unlocked: string[];
  archiveDeleted: boolean;
}

export const EMPTY_MEMORY: MigrationMemory = { states: [], unlocked: [], archiveDeleted: false };

const RECENT_KEY = 'ferry.migrations.recent-orgs';
const MAX_RECENT = 6;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the page still works, it just forgets.
  }
}

/** Most recent first, case-insensitively unique, at most six. */
export function withRecent(list: readonly string[], org: string): string[] {
  return [org, ...list.filter((item) => item.toLowerCase() !== org.toLowerCase())].slice(0, MAX_RECENT);
}

export function readRecentOrgs(): string[] {
  const value = read<unknown>(RECENT_KEY, []);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT)
    : [];
}

export function rememberOrg(org: string): void {
  write(RECENT_KEY, withRecent(readRecentOrgs(), org));
}

/** Append a state to the timeline when it differs from the last one seen. */
export function withState(states: readonly StateSeen[], state: string, at: number): StateSeen[] {
  if (states.at(-1)?.state === state) return [...states];
  return [...states, { state, at }];
}

function memoryKey(scopeKey: string, id: number): string {
  return `ferry.migrations.${scopeKey}.${id}`;
}

export function readMemory(scopeKey: string, id: number): MigrationMemory {
  const value = read<Partial<MigrationMemory>>(memoryKey(scopeKey, id), {});
  return {
    guid: typeof value.guid === 'string' ? value.guid : undefined,
    states: Array.isArray(value.states) ? value.states : [],
    unlocked: Array.isArray(value.unlocked) ? value.unlocked : [],
    archiveDeleted: value.archiveDeleted === true,
  };
}

export function writeMemory(scopeKey: string, id: number, memory: MigrationMemory): void {
  write(memoryKey(scopeKey, id), memory);
}
