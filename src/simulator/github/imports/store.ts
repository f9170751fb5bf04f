import { generateAuthors, generateLargeFiles, type SimAuthor, type SimLargeFile } from './authors';
import { projectChoicesFor, scenarioFor, type ImportScenario, type ImportStep, type Vcs } from './scenarios';

/** The statuses the simulator uses: the documented ones plus `waiting_to_push` (the schema's, for the LFS wait). */
export type ImportStatus =
  | 'detecting'
  | 'importing'
  | 'mapping'
  | 'waiting_to_push'
  | 'pushing'
  | 'complete'
  | 'auth_failed'
  | 'error'
  | 'detection_needs_auth'
  | 'detection_found_nothing'
  | 'detection_found_multiple';

export type LfsChoice = 'undecided' | 'opt_in' | 'opt_out';

/** Simulated seconds each timed step takes. */
export const STEP_SECONDS = { detecting: 20, importing: 60, mapping: 20, pushing: 30 } as const;
/** Imports with more authors than this leave a realistic mapping window (see `mappingSeconds`). */
export const QUICK_MAPPING_MAX_AUTHORS = 100;

/**
 * How long the rewrite step (`mapping`) lasts, i.e. how long author mappings are accepted once every author is
 * known. Small imports keep the quick 20 s step; larger ones leave 2 s per author (at least 20 minutes): time
 * to save every mapping at GitHub's one write a second, twice over. 10,000 authors: 5 h 33 min.
 */
export function mappingSeconds(authorCount: number): number {
  return authorCount > QUICK_MAPPING_MAX_AUTHORS ? Math.max(1_200, authorCount * 2) : STEP_SECONDS.mapping;
}

/** How far into the raw step an origin that needs credentials refuses (fraction of the step). */
export const AUTH_FAILS_AT = 0.1;
/** How far into a step a scripted failure (`fail-at-<step>`) happens. */
export const FAILS_AT = 0.5;
/** Large files are found this far into the raw step. */
export const LARGE_FILES_FOUND_AT = 0.5;

const FIRST_AUTHOR_ID = 2_268_557;
/** Room for `authors-100000` without two imports sharing author ids. */
const AUTHOR_IDS_PER_IMPORT = 200_000;

export interface SimImport {
  owner: string;
  repo: string;
  serial: number;
  vcsUrl: string;
  /** The `vcs` the start request named (null: detection runs first). */
  requestedVcs: Vcs | null;
  /** The system as far as known (requested or detected). */
  vcs: Vcs | null;
  tfvcProject?: string;
  username?: string;
  password?: string;
  scenario: ImportScenario;
  /** 1 for the first run; a restart adds one (scripted failures only hit the first run). */
  attempt: number;
  status: ImportStatus;
  /** Simulated ms when the current step began (shifted back on resume, so progress continues). */
  since: number;
  /** Progress into the raw step (ms) when the origin refused credentials. */
  resumeAtMs?: number;
  failedStep?: ImportStep;
  errorMessage?: string;
  /** Set when an update names a project the origin does not have. */
  notice?: string;
  useLfs: LfsChoice;
  /** Once new commits are pushed, authors can no longer be mapped. */
  pushStarted: boolean;
  authors: SimAuthor[];
  largeFiles: SimLargeFile[];
}

export interface ImportStore {
  nextId: number;
  /** Keyed by `owner/repo`, lower case. */
  imports: Map<string, SimImport>;
}

export function createImportStore(): ImportStore {
  return { nextId: 1, imports: new Map() };
}

export function importKey(owner: string, repo: string): string {
  return `${owner}/${repo}`.toLowerCase();
}

export interface StartRequest {
  vcsUrl: string;
  vcs?: Vcs;
  username?: string;
  password?: string;
  tfvcProject?: string;
}

export function credentialsAccepted(item: Pick<SimImport, 'username' | 'password'>): boolean {
  return Boolean(item.username && item.password && item.password !== 'wrong');
}

export function startImport(
  store: ImportStore,
  owner: string,
  repo: string,
  start: StartRequest,
  now: number,
): SimImport {
  const serial = store.nextId++;
  const item: SimImport = {
    owner,
    repo,
    serial,
    vcsUrl: start.vcsUrl,
    requestedVcs: start.vcs ?? null,
    vcs: start.vcs ?? null,
    tfvcProject: start.tfvcProject,
    username: start.username,
    password: start.password,
    scenario: scenarioFor(start.vcsUrl),
    attempt: 1,
    status: 'detecting',
    since: now,
    useLfs: 'undecided',
    pushStarted: false,
    authors: [],
    largeFiles: [],
  };
  begin(item, now);
  store.imports.set(importKey(owner, repo), item);
  return item;
}

/** Start (or restart) the run: detection when the system is unknown, the raw step otherwise. */
function begin(item: SimImport, now: number) {
  item.failedStep = undefined;
  item.errorMessage = undefined;
  item.notice = undefined;
  item.resumeAtMs = undefined;
  item.useLfs = 'undecided';
  item.pushStarted = false;
  item.authors = [];
  item.largeFiles = [];
  if (item.vcs) enterImporting(item, now);
  else {
    item.status = 'detecting';
    item.since = now;
  }
}

function enterImporting(item: SimImport, at: number) {
  item.status = 'importing';
  item.since = at;
  if (item.authors.length === 0 && item.vcs) {
    item.authors = generateAuthors(
      item.scenario,
      item.vcs,
      FIRST_AUTHOR_ID + (item.serial - 1) * AUTHOR_IDS_PER_IMPORT,
      item.vcsUrl.toLowerCase(),
    );
  }
}

function fail(item: SimImport, step: ImportStep, at: number, message: string) {
  item.status = 'error';
  item.since = at;
  item.failedStep = step;
  item.errorMessage = message;
}

const FAILURE_MESSAGES: Record<ImportStep, string> = {
  detect: 'The origin stopped answering while its version control system was being detected.',
  raw: 'Fetching commits from the origin failed: the connection was reset.',
  rewrite: 'Rewriting history failed: a commit could not be converted.',
  push: 'Pushing to the repository failed: the remote end hung up unexpectedly.',
};

function scriptedFailure(item: SimImport, step: ImportStep): boolean {
  return item.scenario.failAt === step && item.attempt === 1;
}

/** Move the import forward to `now`: the state machine, driven by the simulator clock. */
export function settle(item: SimImport, now: number): SimImport {
  for (let guard = 0; guard < 20; guard += 1) {
    const elapsed = now - item.since;
    const { scenario } = item;
    switch (item.status) {
      case 'detecting': {
        const total = STEP_SECONDS.detecting * 1000;
        if (scriptedFailure(item, 'detect') && elapsed >= total * FAILS_AT) {
          fail(item, 'detect', item.since + total * FAILS_AT, FAILURE_MESSAGES.detect);
          return item;
        }
        if (elapsed < total) return item;
        const at = item.since + total;
        item.since = at;
        if (scenario.nothing) item.status = 'detection_found_nothing';
        else if (scenario.needsAuth && !credentialsAccepted(item)) item.status = 'detection_needs_auth';
        else if (scenario.multipleProjects && !item.tfvcProject) item.status = 'detection_found_multiple';
        else {
          item.vcs = scenario.multipleProjects ? 'tfvc' : scenario.detectedVcs;
          enterImporting(item, at);
          continue;
        }
        return item;
      }
      case 'importing': {
        const total = STEP_SECONDS.importing * 1000;
        if (scenario.multipleProjects && !item.tfvcProject) {
          item.status = 'detection_found_multiple';
          return item;
        }
        if (scenario.nothing && elapsed >= 0) {
          fail(
            item,
            'raw',
            item.since,
            `No ${item.vcs ?? 'source control'} repository was found at ${item.vcsUrl}.`,
          );
          return item;
        }
        const authAt = total * AUTH_FAILS_AT;
        if (scenario.needsAuth && !credentialsAccepted(item) && elapsed >= authAt) {
          item.status = 'auth_failed';
          item.since += authAt;
          item.resumeAtMs = authAt;
          return item;
        }
        if (scenario.largeFiles && elapsed >= total * LARGE_FILES_FOUND_AT && item.largeFiles.length === 0) {
          item.largeFiles = generateLargeFiles(item.vcsUrl.toLowerCase());
        }
        if (scriptedFailure(item, 'raw') && elapsed >= total * FAILS_AT) {
          item.resumeAtMs = total * FAILS_AT;
          fail(item, 'raw', item.since + total * FAILS_AT, FAILURE_MESSAGES.raw);
          return item;
        }
        if (elapsed < total) return item;
        item.status = 'mapping';
        item.since += total;
        continue;
      }
      case 'mapping': {
        const total = mappingSeconds(item.scenario.authorCount) * 1000;
        if (scriptedFailure(item, 'rewrite') && elapsed >= total * FAILS_AT) {
          fail(item, 'rewrite', item.since + total * FAILS_AT, FAILURE_MESSAGES.rewrite);
          return item;
        }
        if (elapsed < total) return item;
        item.since += total;
        if (item.largeFiles.length > 0 && item.useLfs === 'undecided') {
          item.status = 'waiting_to_push';
          return item;
        }
        item.status = 'pushing';
        item.pushStarted = true;
        continue;
      }
      case 'pushing': {
        const total = STEP_SECONDS.pushing * 1000;
        item.pushStarted = true;
        if (scriptedFailure(item, 'push') && elapsed >= total * FAILS_AT) {
          fail(item, 'push', item.since + total * FAILS_AT, FAILURE_MESSAGES.push);
          return item;
        }
        if (elapsed < total) return item;
        item.status = 'complete';
        item.since += total;
        return item;
      }
      default:
        return item;
    }
  }
  return item;
}

/** PATCH with no parameters: the import starts over (mappings and the LFS choice are lost). */
export function restartImport(item: SimImport, now: number) {
  item.attempt += 1;
  item.vcs = item.requestedVcs ?? item.vcs;
  begin(item, now);
}

/** PATCH with credentials: stored; a run waiting for them resumes. */
export function supplyCredentials(
  item: SimImport,
  username: string | undefined,
  password: string | undefined,
  now: number,
) {
  if (username !== undefined) item.username = username;
  if (password !== undefined) item.password = password;
  if (item.status === 'detection_needs_auth') {
    item.status = 'detecting';
    item.since = now;
  } else if (item.status === 'auth_failed') {
    item.status = 'importing';
    item.since = now - (item.resumeAtMs ?? 0);
  }
}

/** PATCH with a project choice: a run waiting for one resumes with the chosen project. */
export function chooseProject(
  item: SimImport,
  vcs: Vcs | undefined,
  project: string | undefined,
  now: number,
) {
  if (item.status !== 'detection_found_multiple') {
    if (vcs && !item.vcs) item.vcs = vcs;
    if (project) item.tfvcProject = project;
    return;
  }
  const choices = projectChoicesFor(item.vcsUrl);
  const chosen = choices.find((choice) => choice.tfvc_project === project);
  if (!chosen) {
    item.notice = project
      ? `There is no project “${project}” at this URL; choose one of the listed projects.`
      : 'Choose one of the listed projects.';
    return;
  }
  item.notice = undefined;
  item.tfvcProject = chosen.tfvc_project;
  item.vcs = vcs ?? 'tfvc';
  enterImporting(item, now);
}

/** PATCH …/lfs: record the choice; a run waiting for it pushes; a finished run with large files pushes again. */
export function setLfs(item: SimImport, choice: Exclude<LfsChoice, 'undecided'>, now: number) {
  const changed = item.useLfs !== choice;
  item.useLfs = choice;
  if (item.status === 'waiting_to_push') {
    item.status = 'pushing';
    item.pushStarted = true;
    item.since = now;
  } else if (item.status === 'complete' && changed && item.largeFiles.length > 0) {
    item.status = 'mapping';
    item.since = now;
  }
}

/** Fraction of the authors the raw step has discovered so far ("new authors may be added … during raw"). */
export function discoveredFraction(item: SimImport, now: number): number {
  const total = STEP_SECONDS.importing * 1000;
  switch (item.status) {
    case 'importing':
      return Math.min(1, Math.max(0, (now - item.since) / total));
    case 'auth_failed':
      return (item.resumeAtMs ?? 0) / total;
    case 'error':
      if (item.failedStep === 'detect') return 0;
      return item.failedStep === 'raw' ? (item.resumeAtMs ?? 0) / total : 1;
    case 'detecting':
    case 'detection_needs_auth':
    case 'detection_found_nothing':
    case 'detection_found_multiple':
      return 0;
    default:
      return 1;
  }
}

export function visibleAuthors(item: SimImport, now: number): SimAuthor[] {
  const count = Math.floor(item.authors.length * discoveredFraction(item, now));
  return count >= item.authors.length ? item.authors : item.authors.slice(0, count);
}
