import { callJson } from './bench-browser';

/** Every page a person visits, by name and address: the Lighthouse and blocking figures visit them all. */
export const PAGE_TOUR: [string, string][] = [
  ['overview (first page)', '/'],
  ['rate limits', '/rate-limits'],
  ['migrations', '/migrations/orgs/octo-org'],
  ['a migration', '/migrations/orgs/octo-org/1'],
  ['an import (author editor)', '/imports/octo-org/hello-world'],
  ['domains', '/domains?tld=com'],
  ['compare', '/domains/compare?tlds=com,us,ca'],
  ['connection', '/connection'],
  ['alerts', '/alerts'],
  ['waves', '/waves'],
];

/** Something on each page: an export of octo-org, and an import of hello-world past its author step. */
export async function seedPageTour(origin: string): Promise<void> {
  await callJson(origin, '/api/github/orgs/octo-org/migrations', {
    method: 'POST',
    body: { repositories: ['hello-world'] },
  });
  await callJson(origin, '/api/github/repos/octo-org/hello-world/import', {
    method: 'PUT',
    body: { vcs_url: 'http://svn.example.com/svn/authors-40', vcs: 'subversion' },
  });
  await callJson(origin, '/__sim/advance', { method: 'POST', body: { seconds: 65 } });
}
