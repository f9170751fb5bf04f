import { finiteNumberOf, isRecord, ShapeError, stringOf } from '../json';

/** A repository as a migration lists it (`GET …/migrations/{id}/repositories` or `repositories[]`). */
export interface RepositoryRef {
  id: number;
  name: string;
  fullName: string;
  private: boolean;
  size?: number;
}

/** A repository as an owner's list gives it (`GET /orgs/{org}/repos`, `/user/repos`), for planning waves. */
export interface RepositoryListItem {
  name: string;
  sizeKb: number;
  language: string | null;
  visibility: 'public' | 'private';
  archived: boolean;
  pushedAt: string | null;
  /** `permissions.admin` for the caller (GitHub sends `permissions` to a signed-in caller); absent when not said. */
  admin?: boolean;
  /** `has_pages`: a GitHub Pages site is published from it (the inventory's `pages`); absent when not said. */
  hasPages?: boolean;
}

function malformed(what: string): ShapeError {
  return new ShapeError('github', `Unexpected ${what} in GitHub’s answer.`);
}

export function parseRepositoryRef(value: unknown): RepositoryRef {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string')
    throw malformed('repository');
  return {
    id: value.id,
    name: value.name,
    fullName: stringOf(value.full_name) ?? value.name,
    private: value.private === true,
    size: finiteNumberOf(value.size),
  };
}

export function parseRepositoryRefs(value: unknown): RepositoryRef[] {
  if (!Array.isArray(value)) throw malformed('repository list');
  return value.map(parseRepositoryRef);
}

/** An owner's repository list; entries without a name are left out. */
export function parseRepositoryList(value: unknown): RepositoryListItem[] {
  if (!Array.isArray(value)) throw malformed('repository list');
  return value.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.name !== 'string') return [];
    return [
      {
        name: item.name,
        sizeKb: finiteNumberOf(item.size) ?? 0,
        language: stringOf(item.language) ?? null,
        visibility: item.private === true ? ('private' as const) : ('public' as const),
        archived: item.archived === true,
        pushedAt: stringOf(item.pushed_at) ?? null,
        ...(isRecord(item.permissions) && typeof item.permissions.admin === 'boolean'
          ? { admin: item.permissions.admin }
          : {}),
        ...(item.has_pages === true ? { hasPages: true } : {}),
      },
    ];
  });
}

/** An organization in `GET /user/orgs`. */
export interface OrgSummary {
  login: string;
  description?: string;
}

export function parseOrgList(value: unknown): OrgSummary[] {
  if (!Array.isArray(value)) throw malformed('organization list');
  return value.map((item) => {
    if (!isRecord(item) || typeof item.login !== 'string') throw malformed('organization');
    return { login: item.login, description: stringOf(item.description) };
  });
}
