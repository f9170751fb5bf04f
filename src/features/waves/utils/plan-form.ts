import type { WavePlanRequest } from '@/contracts/waves';

/** The plan form's fields as typed (strings), turned into a request by `toPlanRequest`. */
export interface PlanFormValues {
  org: string;
  ownRepos: boolean;
  namePattern: string;
  languages: string;
  visibility: 'all' | 'public' | 'private';
  archived: 'include' | 'exclude' | 'only';
  minSizeMb: string;
  maxSizeMb: string;
  pushedAfter: string;
  pushedBefore: string;
  maxRepos: string;
  maxBatchGb: string;
  concurrency: string;
  lockRepositories: boolean;
  unlockWhenVerified: boolean;
  deleteAfterDownload: boolean;
  excludeMetadata: boolean;
  excludeGitData: boolean;
  excludeAttachments: boolean;
  excludeReleases: boolean;
  excludeOwnerProjects: boolean;
  /** A configured credential's name; empty: the first that may export. */
  credential: string;
}

export const DEFAULT_PLAN: PlanFormValues = {
  org: '',
  ownRepos: false,
  namePattern: '',
  languages: '',
  visibility: 'all',
  archived: 'include',
  minSizeMb: '',
  maxSizeMb: '',
  pushedAfter: '',
  pushedBefore: '',
  maxRepos: '25',
  maxBatchGb: '2',
  concurrency: '2',
  lockRepositories: false,
  unlockWhenVerified: false,
  deleteAfterDownload: false,
  excludeMetadata: false,
  excludeGitData: false,
  excludeAttachments: false,
  excludeReleases: false,
  excludeOwnerProjects: false,
  credential: '',
};

const number = (text: string): number | undefined => {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? undefined : value;
};

export function toPlanRequest(values: PlanFormValues): WavePlanRequest {
  const mb = (text: string) => {
    const value = number(text);
    return value === undefined ? undefined : Math.round(value * 1024);
  };
  return {
    owner: values.ownRepos ? { kind: 'user', login: '' } : { kind: 'org', login: values.org.trim() },
    filters: {
      namePattern: values.namePattern.trim() || undefined,
      languages: values.languages
        .split(',')
        .map((language) => language.trim())
        .filter(Boolean),
      visibility: values.visibility,
      archived: values.archived,
      minSizeKb: mb(values.minSizeMb),
      maxSizeKb: mb(values.maxSizeMb),
      pushedAfter: values.pushedAfter || undefined,
      pushedBefore: values.pushedBefore || undefined,
    },
    caps: {
      maxRepos: Math.round(number(values.maxRepos) ?? 25),
      maxSizeKb: Math.round((number(values.maxBatchGb) ?? 2) * 1024 * 1024),
      concurrency: Math.round(number(values.concurrency) ?? 2),
    },
    options: {
      lockRepositories: values.lockRepositories,
      unlockWhenVerified: values.lockRepositories && values.unlockWhenVerified,
      deleteAfterDownload: values.deleteAfterDownload,
      excludeMetadata: values.excludeMetadata,
      excludeGitData: values.excludeGitData,
      excludeAttachments: values.excludeAttachments,
      excludeReleases: values.excludeReleases,
      excludeOwnerProjects: values.excludeOwnerProjects,
      ...(values.credential ? { credential: values.credential } : {}),
    },
  };
}
