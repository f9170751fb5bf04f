import type { GithubRoutes } from '../app';

/** Organization and user migration operations. */
export const registerMigrationRoutes: GithubRoutes = () => {};
