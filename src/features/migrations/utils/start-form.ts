import { isRepoReference } from '@/contracts/github/names';
import type { FieldError } from '@/lib/api-error';
import type { Migration } from '@/contracts/github/migration';
import type { MigrationScope } from './scope';

/** The start-export form. Field names follow the request body so 422 errors land on the right control. */
export interface StartForm {
  repositories: string[];
  lock_repositories: boolean;
  exclude_attachments: boolean;
  exclude_releases: boolean;
  exclude_metadata: boolean;
  exclude_git_data: boolean;
  exclude_owner_projects: boolean;
  org_metadata_only: boolean;
}

export type StartField = keyof StartForm;
export type StartErrors = Partial<Record<StartField | 'form', string>>;

export const EMPTY_START_FORM: StartForm = {
  repositories: [],
  lock_repositories: false,
  exclude_attachments: false,
  exclude_releases: false,
  exclude_metadata: false,
  exclude_git_data: false,
  exclude_owner_projects: false,
  org_metadata_only: false,
};

export const EXCLUSIONS: {
  field: Exclude<StartField, 'repositories' | 'lock_repositories'>;
  label: string;
  help: string;
  orgOnly?: boolean;
}[] = [
  {
    field: 'exclude_attachments',
    label: 'Exclude attachments',
    help: 'Leave out files attached to issues and pull requests (smaller archive).',
  },
  {
    field: 'exclude_releases',
    label: 'Exclude releases',
    help: 'Leave out releases and their assets (smaller archive).',
  },
  {
    field: 'exclude_metadata',
    label: 'Exclude metadata',
    help: 'Only the Git source: no issues, pull requests, releases or attachments.',
  },
  {
    field: 'exclude_git_data',
    label: 'Exclude Git data',
    help: 'Only the metadata: no repository contents.',
  },
  {
    field: 'exclude_owner_projects',
    label: 'Exclude owner projects',
    help: 'Leave out projects owned by the organization or user.',
  },
  {
    field: 'org_metadata_only',
    label: 'Organization metadata only',
    help: 'Only the organization (members, teams): no repositories, other options ignored.',
    orgOnly: true,
  },
];

/** Client-side checks before sending (the server's 422 is still shown if it disagrees). */
export function validateStartForm(form: StartForm): StartErrors {
  const errors: StartErrors = {};
  if (form.org_metadata_only) return errors;
  if (form.repositories.length === 0) errors.repositories = 'Choose at least one repository.';
  const bad = form.repositories.filter((name) => !isRepoReference(name));
  if (bad.length > 0) errors.repositories = `Not a repository name: ${bad.slice(0, 3).join(', ')}`;
  if (form.exclude_metadata && form.exclude_git_data)
    errors.exclude_git_data = 'Excluding both metadata and Git data would leave nothing to export.';
  return errors;
}

/** The request body: only what is set (GitHub's defaults are false); org-metadata-only sends no repositories. */
export function toStartBody(form: StartForm, scope: MigrationScope): Record<string, unknown> {
  const metadataOnly = form.org_metadata_only && scope.kind === 'org';
  const body: Record<string, unknown> = { repositories: metadataOnly ? [] : form.repositories };
  for (const key of Object.keys(EMPTY_START_FORM) as StartField[]) {
    if (key === 'repositories') continue;
    if (key === 'org_metadata_only' && scope.kind !== 'org') continue;
    if (form[key]) body[key] = true;
  }
  return body;
}

/** "Start again with the same options": a failed migration's settings as a form. */
export function formFromMigration(migration: Migration): StartForm {
  return {
    repositories: migration.repositories.map((repo) => repo.name),
    lock_repositories: migration.lockRepositories,
    exclude_attachments: migration.excludeAttachments,
    exclude_releases: migration.excludeReleases,
    exclude_metadata: migration.excludeMetadata,
    exclude_git_data: migration.excludeGitData,
    exclude_owner_projects: migration.excludeOwnerProjects,
    org_metadata_only: migration.orgMetadataOnly,
  };
}

/** Put a 422's `errors[]` on the form's fields; whatever names no field goes to `form`. */
export function errorsFromValidation(fieldErrors: readonly FieldError[], fallback: string): StartErrors {
  const errors: StartErrors = {};
  for (const error of fieldErrors) {
    const text = error.message ?? `${error.field ?? 'request'}: ${error.code}`;
    const field = error.field && error.field in EMPTY_START_FORM ? (error.field as StartField) : 'form';
    errors[field] = errors[field] ? `${errors[field]} ${text}` : text;
  }
  if (Object.keys(errors).length === 0) errors.form = fallback;
  return errors;
}

/** A plain-language summary of what will be exported. */
export function summarizeStart(form: StartForm, scope: MigrationScope): string[] {
  const lines: string[] = [];
  if (form.org_metadata_only && scope.kind === 'org') {
    lines.push(`Only ${scope.org}’s organization metadata; no repositories.`);
    return lines;
  }
  const count = form.repositories.length;
  lines.push(
    count === 0
      ? 'No repositories chosen yet.'
      : `${count} ${count === 1 ? 'repository' : 'repositories'}: ${form.repositories.join(', ')}.`,
  );
  lines.push(
    form.lock_repositories
      ? 'Repositories will be locked (read-only) until you unlock them.'
      : 'Repositories stay writable during the export.',
  );
  const excluded = EXCLUSIONS.filter(
    (option) => option.field !== 'org_metadata_only' && form[option.field],
  ).map((option) => option.label.replace(/^Exclude /, '').toLowerCase());
  lines.push(
    excluded.length > 0
      ? `Leaves out: ${excluded.join(', ')}.`
      : 'Includes everything: Git data, metadata, releases and attachments.',
  );
  return lines;
}
