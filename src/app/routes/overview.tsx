import { domainHref, domainPaths } from '@/features/domains/paths';
import { importHref, importPaths } from '@/features/imports/paths';
import { migrationHref, migrationPaths } from '@/features/migrations/paths';
import { moveHref, movePaths } from '@/features/moves/paths';
import { OverviewPage } from '@/features/overview/components/overview-page';
import type { OverviewLinks } from '@/features/overview/links';
import { waveHref } from '@/features/waves/paths';

/** The overview links into the other features; their addresses meet here. */
const links: OverviewLinks = {
  exportPage: (owner, id) =>
    owner.kind === 'org' ? migrationHref.orgMigration(owner.org, id) : migrationHref.userMigration(id),
  importPage: importHref.repo,
  tld: domainHref.tld,
  migrations: migrationPaths.home,
  wave: waveHref.wave,
  move: moveHref.move,
  moves: movePaths.home,
  imports: importPaths.home,
  domains: domainPaths.home,
  rateLimits: '/rate-limits',
};

export function Component() {
  return <OverviewPage links={links} />;
}
