import { Hono, type Context } from 'hono';
import { geiError } from './answers';
import { purgeExpired, type ArchiveStore } from './archive-store';
import { completeUpload, startMultipart, uploadPart } from './multipart-upload';
import { singleUpload } from './single-upload';
import { problem, type UploadDeps, type UploadRouteOptions } from './upload-deps';
import { isProblem, parseOrgId } from './upload-input';

export type { UploadRouteOptions } from './upload-deps';

type Handler = (deps: UploadDeps, c: Context, org: number) => Promise<Response>;

/** The routes of `uploads.github.com` for GitHub-owned storage, on `store`. */
export function createUploadRoutes(store: ArchiveStore, options: UploadRouteOptions): Hono {
  const deps: UploadDeps = { store, options };

  /** Every route first checks the organization and who may upload to it (`authorize`), then drops expired archives. */
  const admitted = (handler: Handler) => async (c: Context) => {
    const org = parseOrgId(c.req.param('org') ?? '');
    if (isProblem(org)) return problem(c, org);
    const refusal = options.authorize(c.req.header('authorization'), org);
    if (refusal) {
      const { status } = refusal;
      const passed = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 403;
      return geiError(c, passed as 403, refusal.message);
    }
    purgeExpired(store, options.now());
    return handler(deps, c, org);
  };

  const blobs = '/organizations/:org/gei/archive/blobs/uploads';
  return new Hono()
    .post('/organizations/:org/gei/archive', admitted(singleUpload))
    .post(blobs, admitted(startMultipart))
    .patch(blobs, admitted(uploadPart))
    .put(blobs, admitted(completeUpload));
}
