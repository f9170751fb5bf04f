import { domainHref } from '@/features/domains/paths';
import { importHref } from '@/features/imports/paths';
import { migrationHref } from '@/features/migrations/paths';
import { OverviewPage } from '@/features/overview/components/overview-page';
import type { OverviewLinks } from '@/features/overview/links';
import { paths } from '../paths';

/** The overview links into the other features; their addresses meet here. */
const links: OverviewLinks = {
  exportPage: (owner, id) =>
    owner.kind === 'org' ? migrationHref.orgMigration(owner.org, id) : migrationHref.userMigration(id),
  importPage: importHref.repo,
  tld: domainHref.tld,
  migrations: paths.migrations.home,
  imports: paths.imports.home,
  domains: paths.domains.home,
  rateLimits: paths.rateLimits,
};

export function Component() {
  return <OverviewPage links={links} />;
}
