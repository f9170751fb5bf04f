const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const REPO = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

/** GitHub's rules for an owner login and a repository name: anything else is not sent. */
export function isRepositoryName(owner: string, repo: string): boolean {
  return LOGIN.test(owner) && REPO.test(repo);
}
