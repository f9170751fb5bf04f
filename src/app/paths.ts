import { alertPaths } from '@/features/alerts/paths';
import { auditPaths } from '@/features/audit/paths';
import { domainPaths } from '@/features/domains/paths';
import { identityPaths } from '@/features/identities/paths';
import { importPaths } from '@/features/imports/paths';
import { migrationPaths } from '@/features/migrations/paths';
import { movePaths } from '@/features/moves/paths';
import { wavePaths } from '@/features/waves/paths';

/** Route paths in one place, so links and routes never disagree. Features own their own sub-paths. */
export const paths = {
  home: '/',
  rateLimits: '/rate-limits',
  connection: '/connection',
  alerts: alertPaths.home,
  audit: auditPaths.home,
  migrations: migrationPaths,
  waves: wavePaths,
  moves: movePaths,
  identities: identityPaths,
  imports: importPaths,
  domains: domainPaths,
} as const;
