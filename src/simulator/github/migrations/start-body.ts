import type { SimRepo } from '../factories/repository';
import type { MigrationOptions } from './store';

export interface FieldProblem {
  resource: string;
  field?: string;
  code: string;
  message?: string;
}

export type StartBodyResult =
  { ok: true; repos: SimRepo[]; options: MigrationOptions } | { ok: false; errors: FieldProblem[] };

const FLAGS = [
  'lock_repositories',
  'exclude_metadata',
  'exclude_git_data',
  'exclude_attachments',
  'exclude_releases',
  'exclude_owner_projects',
  'org_metadata_only',
] as const;

/**
 * Validate a start-migration body for an owner (org or user login) against the repositories that owner has.
 * Repository names may be bare (`hello-world`) or full (`octo-org/hello-world`), any case.
 */
export function parseStartBody(body: unknown, ownerLogin: string, ownerRepos: SimRepo[]): StartBodyResult {
  const errors: FieldProblem[] = [];
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const flags = {} as Record<(typeof FLAGS)[number], boolean>;
  for (const flag of FLAGS) {
    const value = record[flag];
    if (value !== undefined && typeof value !== 'boolean') {
      errors.push({
        resource: 'Migration',
        field: flag,
        code: 'invalid',
        message: `${flag} must be a boolean`,
      });
    }
    flags[flag] = value === true;
  }

  let exclude: string[] = [];
  if (record.exclude !== undefined) {
    if (!Array.isArray(record.exclude) || record.exclude.some((item) => item !== 'repositories')) {
      errors.push({
        resource: 'Migration',
        field: 'exclude',
        code: 'invalid',
        message: 'exclude may only contain "repositories"',
      });
    } else exclude = record.exclude as string[];
  }

  const repos: SimRepo[] = [];
  const names = record.repositories;
  if (names === undefined) {
    errors.push({ resource: 'Migration', field: 'repositories', code: 'missing_field' });
  } else if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    errors.push({
      resource: 'Migration',
      field: 'repositories',
      code: 'invalid',
      message: 'repositories must be an array of repository names',
    });
  } else if (flags.org_metadata_only && names.length > 0) {
    errors.push({
      resource: 'Migration',
      field: 'repositories',
      code: 'invalid',
      message: 'repositories must be empty when org_metadata_only is true',
    });
  } else if (!flags.org_metadata_only && names.length === 0) {
    errors.push({
      resource: 'Migration',
      field: 'repositories',
      code: 'missing',
      message: 'repositories must name at least one repository',
    });
  } else {
    const missing: string[] = [];
    for (const raw of names as string[]) {
      const [owner, name] = raw.includes('/') ? raw.split('/', 2) : [ownerLogin, raw];
      const found =
        owner?.toLowerCase() === ownerLogin.toLowerCase()
          ? ownerRepos.find((repo) => repo.name.toLowerCase() === name?.toLowerCase())
          : undefined;
      if (!found) missing.push(raw);
      else if (!repos.includes(found)) repos.push(found);
    }
    if (missing.length > 0) {
      errors.push({
        resource: 'Migration',
        field: 'repositories',
        code: 'invalid',
        message: `Could not find ${missing.length === 1 ? 'repository' : 'repositories'} ${missing
          .slice(0, 10)
          .map((name) => (name.includes('/') ? name : `${ownerLogin}/${name}`))
          .join(', ')}`,
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, repos, options: { ...flags, exclude } };
}
