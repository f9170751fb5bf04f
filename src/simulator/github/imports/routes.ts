import type { GithubRoutes } from '../app';

/** Source import operations. */
export const registerImportRoutes: GithubRoutes = () => {};
