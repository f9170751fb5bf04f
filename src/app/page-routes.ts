import { matchParams } from './page-data';
import { paths } from './paths';

/**
 * Every page: its address and its module under `src/app/routes/`. The router is built from this table, and
 * the early entry reads it to preload the code of the page being opened (index.html lists each page's
 * chunks). Static addresses before patterns with the same shape, as the router ranks them.
 */
export const PAGE_ROUTES = [
  { path: paths.home, module: 'overview' },
  { path: paths.rateLimits, module: 'rate-limits' },
  { path: paths.connection, module: 'connection' },
  { path: paths.alerts, module: 'alerts' },
  { path: paths.audit, module: 'audit' },
  { path: paths.migrations.home, module: 'migrations' },
  { path: paths.migrations.user, module: 'user-migrations' },
  { path: paths.migrations.org, module: 'org-migrations' },
  { path: paths.migrations.orgMigration, module: 'org-migration' },
  { path: paths.migrations.userMigration, module: 'user-migration' },
  { path: paths.waves.home, module: 'waves' },
  { path: paths.waves.wave, module: 'wave' },
  { path: paths.moves.home, module: 'moves' },
  { path: paths.identities.home, module: 'identities' },
  { path: paths.moves.move, module: 'move' },
  { path: paths.imports.home, module: 'imports' },
  { path: paths.imports.repo, module: 'import' },
  { path: paths.domains.home, module: 'domains' },
  { path: paths.domains.compare, module: 'domains-compare' },
] as const;

export type PageModule = (typeof PAGE_ROUTES)[number]['module'];

/** The page module that draws `pathname`, or undefined (the not-found page). */
export function pageModuleFor(pathname: string): PageModule | undefined {
  if (pathname.replace(/\/+$/, '') === '') return 'overview';
  return PAGE_ROUTES.find((route) => route.path !== paths.home && matchParams(route.path, pathname))?.module;
}
