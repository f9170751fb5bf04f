import { describe, expect, it } from 'vitest';
import type { Migration } from '@/contracts/github/migration';
import {
  EMPTY_START_FORM,
  errorsFromValidation,
  formFromMigration,
  summarizeStart,
  toStartBody,
  validateStartForm,
} from './start-form';

const org = { kind: 'org', org: 'octo-org' } as const;

describe('validateStartForm', () => {
  it('needs a repository unless only organization metadata is exported', () => {
    expect(validateStartForm(EMPTY_START_FORM)).toEqual({ repositories: 'Choose at least one repository.' });
    expect(validateStartForm({ ...EMPTY_START_FORM, org_metadata_only: true })).toEqual({});
  });

  it('refuses names GitHub could never accept, and excluding everything', () => {
    expect(
      validateStartForm({ ...EMPTY_START_FORM, repositories: ['ok', 'has space'] }).repositories,
    ).toMatch(/has space/);
    expect(validateStartForm({ ...EMPTY_START_FORM, repositories: ['octo-org/ok.v2'] })).toEqual({});
    expect(
      validateStartForm({
        ...EMPTY_START_FORM,
        repositories: ['a'],
        exclude_metadata: true,
        exclude_git_data: true,
      }).exclude_git_data,
    ).toMatch(/nothing to export/);
  });
});

describe('toStartBody', () => {
  it('sends only the options that are on, and no repositories for organization metadata only', () => {
    expect(toStartBody({ ...EMPTY_START_FORM, repositories: ['a'], lock_repositories: true }, org)).toEqual({
      repositories: ['a'],
      lock_repositories: true,
    });
    expect(toStartBody({ ...EMPTY_START_FORM, repositories: ['a'], org_metadata_only: true }, org)).toEqual({
      repositories: [],
      org_metadata_only: true,
    });
    expect(
      toStartBody({ ...EMPTY_START_FORM, repositories: ['a'], org_metadata_only: true }, { kind: 'user' }),
    ).toEqual({
      repositories: ['a'],
    });
  });
});

describe('errorsFromValidation', () => {
  it('puts each field error on its field and the rest on the form', () => {
    expect(
      errorsFromValidation(
        [
          { field: 'repositories', code: 'invalid', message: 'Could not find repository octo-org/nope' },
          { field: 'something_else', code: 'invalid' },
        ],
        'Validation Failed',
      ),
    ).toEqual({ repositories: 'Could not find repository octo-org/nope', form: 'something_else: invalid' });
    expect(errorsFromValidation([], 'Validation Failed')).toEqual({ form: 'Validation Failed' });
  });
});

describe('formFromMigration and summarizeStart', () => {
  it('restarts with the same options and says what will happen', () => {
    const migration = {
      repositories: [{ id: 1, name: 'docs', fullName: 'octo-org/docs', private: false }],
      lockRepositories: true,
      excludeAttachments: true,
      excludeReleases: false,
      excludeMetadata: false,
      excludeGitData: false,
      excludeOwnerProjects: false,
      orgMetadataOnly: false,
    } as Migration;
    const form = formFromMigration(migration);
    expect(form).toEqual({
      ...EMPTY_START_FORM,
      repositories: ['docs'],
      lock_repositories: true,
      exclude_attachments: true,
    });
    expect(summarizeStart(form, org)).toEqual([
      '1 repository: docs.',
      'Repositories will be locked (read-only) until you unlock them.',
      'Leaves out: attachments.',
    ]);
  });
});
