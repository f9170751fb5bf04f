import { buildSchema, type GraphQLSchema } from 'graphql';
import { COUNTS_SDL } from '@/simulator/graphql/counts-sdl';
import { STORAGE_PREVIEW_SDL, TARGET_SDL, UNPUBLISHED_SDL } from './sdl';

let base: GraphQLSchema | undefined;
let preview: GraphQLSchema | undefined;

/**
 * The schema a request sees: GitHub-owned storage's `migrationArchives` / `MigrationArchive` /
 * `deleteMigrationArchive` exist only with `GraphQL-Features: octoshift_github_owned_storage` (as gh-gei and
 * gh-blob send it); without the header they are unknown fields, as on GitHub for a feature behind a flag.
 */
export function targetSchema(storagePreview: boolean): GraphQLSchema {
  if (storagePreview)
    return (preview ??= buildSchema(COUNTS_SDL + TARGET_SDL + UNPUBLISHED_SDL + STORAGE_PREVIEW_SDL));
  return (base ??= buildSchema(COUNTS_SDL + TARGET_SDL + UNPUBLISHED_SDL));
}
