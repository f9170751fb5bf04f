/** Schemes an importer can read from. */
const SCHEMES = ['http:', 'https:', 'svn:', 'svn+ssh:', 'git:', 'ssh:', 'tfs:'];

/** Why a source URL cannot be used, or undefined when it looks right. */
export function sourceUrlProblem(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'Enter the URL of the repository to import.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'This is not a URL. It should look like https://svn.example.com/svn/project.';
  }
  if (!SCHEMES.includes(url.protocol))
    return `The importer cannot read ${url.protocol.replace(/:$/, '')} URLs.`;
  if (!url.hostname) return 'The URL needs a host name.';
  if (url.username || url.password)
    return 'Put the username and password in their own fields, not in the URL.';
  return undefined;
}

export const VCS_OPTIONS = [
  { value: 'detect', label: 'Detect automatically' },
  { value: 'git', label: 'Git' },
  { value: 'subversion', label: 'Subversion' },
  { value: 'mercurial', label: 'Mercurial' },
  { value: 'tfvc', label: 'Team Foundation Version Control (TFVC)' },
] as const;

export type VcsOption = (typeof VCS_OPTIONS)[number]['value'];
