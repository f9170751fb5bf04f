import type { SimAuthor } from './authors';
import { projectChoicesFor } from './scenarios';
import { discoveredFraction, STEP_SECONDS, visibleAuthors, type SimImport } from './store';

export interface ImportLinks {
  api: string;
  web: string;
}

function repoPath(item: SimImport) {
  return `repos/${item.owner}/${item.repo}`;
}

export function importUrl(item: SimImport, links: ImportLinks): string {
  return `${links.api}/${repoPath(item)}/import`;
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

function statusText(item: SimImport): string | undefined {
  if (item.notice) return item.notice;
  switch (item.status) {
    case 'detecting':
      return undefined; // the spec: status_text is absent while detecting
    case 'importing':
      return 'Importing...';
    case 'mapping':
      return 'Rewriting history: mapping authors and converting branches';
    case 'waiting_to_push': {
      const total = item.largeFiles.reduce((sum, file) => sum + file.size, 0);
      return `Waiting for your Git LFS choice before pushing: ${item.largeFiles.length} files over 100 MB (${formatBytes(total)}) were found. Opt in to store them with Git LFS, or opt out to remove them from the import.`;
    }
    case 'pushing':
      return 'Pushing to GitHub...';
    case 'complete':
      return 'Done';
    case 'auth_failed':
      return item.username
        ? 'Authentication failed: the origin refused the username and password.'
        : 'Authentication failed: the origin requires a username and password.';
    case 'error':
      return 'There was an error importing this repository.';
    case 'detection_needs_auth':
      return 'The origin requires authentication before its version control system can be detected.';
    case 'detection_found_nothing':
      return 'No source control was found at this URL.';
    case 'detection_found_multiple':
      return 'Several projects were found at this URL; choose the one to import.';
  }
}

/** GitHub's `import` object, as of `now`. `use_lfs` is a string as the spec says (the schema's boolean is a quirk). */
export function importBody(item: SimImport, links: ImportLinks, now: number): Record<string, unknown> {
  const base = `${links.api}/${repoPath(item)}`;
  const text = statusText(item);
  const started = item.authors.length > 0 || item.status === 'importing';
  const largeSize = item.largeFiles.reduce((sum, file) => sum + file.size, 0);
  const body: Record<string, unknown> = {
    vcs: item.vcs,
    use_lfs: item.useLfs,
    vcs_url: item.vcsUrl,
  };
  if (item.tfvcProject) body.tfvc_project = item.tfvcProject;
  body.status = item.status;
  if (text !== undefined) body.status_text = text;
  if (item.status === 'error') {
    body.failed_step = item.failedStep ?? null;
    body.error_message = item.errorMessage ?? null;
  }
  if (item.status === 'importing') {
    const percent = Math.min(99, Math.floor(discoveredFraction(item, now) * 100));
    body.import_percent = percent;
    body.percent = percent;
  }
  if (started) body.commit_count = item.scenario.commitCount;
  if (item.status === 'pushing') {
    body.push_percent = Math.min(99, Math.floor(((now - item.since) / (STEP_SECONDS.pushing * 1000)) * 100));
  }
  body.has_large_files = item.largeFiles.length > 0;
  body.large_files_size = largeSize;
  body.large_files_count = item.largeFiles.length;
  if (item.status === 'detection_found_multiple') body.project_choices = projectChoicesFor(item.vcsUrl);
  body.authors_count = visibleAuthors(item, now).length;
  body.url = `${base}/import`;
  body.html_url = `${links.web}/${item.owner}/${item.repo}/import`;
  body.authors_url = `${base}/import/authors`;
  body.repository_url = base;
  return body;
}

export function authorBody(item: SimImport, author: SimAuthor, links: ImportLinks) {
  const base = importUrl(item, links);
  return {
    id: author.id,
    remote_id: author.remoteId,
    remote_name: author.remoteName,
    email: author.email,
    name: author.name,
    url: `${base}/authors/${author.id}`,
    import_url: base,
  };
}
