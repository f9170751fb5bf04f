import type { ExportOwner } from './utils/exports';

/**
 * The addresses the overview links to. Other features own them, and features never import each other,
 * so src/app hands them in (see src/app/routes/overview.tsx).
 */
export interface OverviewLinks {
  exportPage: (owner: ExportOwner, id: number) => string;
  importPage: (owner: string, repo: string) => string;
  tld: (tld: string) => string;
  migrations: string;
  wave: (id: string) => string;
  move: (id: string) => string;
  moves: string;
  imports: string;
  domains: string;
  rateLimits: string;
}
