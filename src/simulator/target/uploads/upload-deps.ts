import type { Context } from 'hono';
import { geiError } from './answers';
import type { ArchiveStore } from './archive-store';
import type { Problem } from './upload-input';

export interface UploadRouteOptions {
  now: () => number;
  authorize: (
    authorization: string | undefined,
    orgDatabaseId: number,
  ) => { status: number; message: string } | undefined;
  maxSinglePartBytes: number;
  maxArchiveBytes: number;
  maxOpenUploadsPerOrg: number;
}

/** What every upload handler works on. */
export interface UploadDeps {
  store: ArchiveStore;
  options: UploadRouteOptions;
}

export function problem(c: Context, p: Problem): Response {
  return geiError(c, p.status, p.message);
}
