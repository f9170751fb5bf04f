import { finiteNumberOf, isRecord, ShapeError, stringOf } from '../json';

/**
 * The import as Ferry reads it, validated at the edge. GitHub's description and its prose disagree on two
 * fields (github-api.md §1.6.5-6): `use_lfs` is a boolean in the schema and a string in the prose; progress is
 * `import_percent` in the schema and `percent` in the prose. Both forms are accepted.
 */
export const KNOWN_STATUSES = [
  'detecting',
  'importing',
  'mapping',
  'waiting_to_push',
  'pushing',
  'complete',
  'auth_failed',
  'error',
  'detection_needs_auth',
  'detection_found_nothing',
  'detection_found_multiple',
] as const;

export type LfsChoice = 'opt_in' | 'opt_out' | 'undecided';

export type ProjectChoice = Record<string, string>;

export interface SourceImport {
  /** Any string: unknown statuses (the schema lists undocumented ones) are shown as they are. */
  status: string;
  statusText?: string;
  vcs: string | null;
  vcsUrl: string;
  tfvcProject?: string;
  useLfs: LfsChoice;
  importPercent?: number;
  commitCount?: number;
  pushPercent?: number;
  hasLargeFiles: boolean;
  largeFilesSize: number;
  largeFilesCount: number;
  authorsCount?: number;
  failedStep?: string;
  errorMessage?: string;
  projectChoices: ProjectChoice[];
  htmlUrl?: string;
}

export interface CommitAuthor {
  id: number;
  remoteId: string;
  remoteName: string;
  name: string;
  email: string;
}

export interface LargeFile {
  refName: string;
  path: string;
  oid: string;
  size: number;
}

function malformed(what: string): ShapeError {
  return new ShapeError('github', `GitHub sent ${what} Ferry could not read.`);
}

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

const str = stringOf;
const int = finiteNumberOf;

/** Finished: nothing more will happen to this import. */
export function isImportFinished(status: string): boolean {
  return status === 'complete' || status === 'error';
}

/** Statuses that wait for the user's remedy (credentials, a project choice): nothing changes until someone acts. */
const WAITING_FOR_USER: readonly string[] = [
  'auth_failed',
  'choose',
  'detection_found_multiple',
  'detection_found_nothing',
  'detection_needs_auth',
  'none',
];

export function isImportWaitingForUser(status: string): boolean {
  return WAITING_FOR_USER.includes(status);
}

/** The status of an import answer, or undefined when it carries none (for the watcher and the timeline). */
export function importStatusOf(value: unknown): string | undefined {
  return isRecord(value) ? stringOf(value.status) : undefined;
}

export function parseLfs(value: unknown): LfsChoice {
  if (value === 'opt_in' || value === 'opt_out') return value;
  // The schema's boolean: `true` can only mean large files go to LFS; `false` does not say whether a choice
  // was made, so the choice stays open.
  if (value === true) return 'opt_in';
  return 'undecided';
}

export function parseImport(body: unknown): SourceImport {
  const data = record(body);
  const status = str(data?.status);
  const vcsUrl = str(data?.vcs_url);
  if (!data || !status || vcsUrl === undefined) throw malformed('an import');
  const choices = Array.isArray(data.project_choices) ? data.project_choices : [];
  return {
    status,
    statusText: str(data.status_text) ?? str(data.message),
    vcs: str(data.vcs) ?? null,
    vcsUrl,
    tfvcProject: str(data.tfvc_project),
    useLfs: parseLfs(data.use_lfs),
    importPercent: int(data.import_percent) ?? int(data.percent),
    commitCount: int(data.commit_count),
    pushPercent: int(data.push_percent),
    hasLargeFiles: data.has_large_files === true,
    largeFilesSize: int(data.large_files_size) ?? 0,
    largeFilesCount: int(data.large_files_count) ?? 0,
    authorsCount: int(data.authors_count),
    failedStep: str(data.failed_step),
    errorMessage: str(data.error_message),
    projectChoices: choices.flatMap((choice) => {
      const item = record(choice);
      if (!item) return [];
      const entries = Object.entries(item).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      return entries.length > 0 ? [Object.fromEntries(entries)] : [];
    }),
    htmlUrl: str(data.html_url),
  };
}

export function parseAuthors(body: unknown): CommitAuthor[] {
  if (!Array.isArray(body)) throw malformed('a list of authors');
  return body.flatMap((item) => {
    const data = record(item);
    const id = int(data?.id);
    if (!data || id === undefined) return [];
    return [
      {
        id,
        remoteId: str(data.remote_id) ?? '',
        remoteName: str(data.remote_name) ?? '',
        name: str(data.name) ?? '',
        email: str(data.email) ?? '',
      },
    ];
  });
}

export function parseLargeFiles(body: unknown): LargeFile[] {
  if (!Array.isArray(body)) throw malformed('a list of large files');
  return body.flatMap((item) => {
    const data = record(item);
    if (!data) return [];
    return [
      {
        refName: str(data.ref_name) ?? '',
        path: str(data.path) ?? '',
        oid: str(data.oid) ?? '',
        size: int(data.size) ?? 0,
      },
    ];
  });
}
