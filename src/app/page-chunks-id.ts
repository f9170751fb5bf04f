/**
 * The id of the JSON that index.html carries in the production build: each page module's chunk files. Its own
 * module: the build's Vite plugin (scripts/early-entry.ts) writes it, the early entry reads it.
 */
export const PAGE_CHUNKS_ID = 'ferry-page-chunks';
