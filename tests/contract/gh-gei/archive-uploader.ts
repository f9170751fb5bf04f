/**
 * gh-gei v1.32.0's ArchiveUploader (src/Octoshift/Services/ArchiveUploader.cs): GitHub-owned storage uploads.
 * Up to the part size (100 MiB, or GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES if ≥ 5) one
 * `POST {uploads}/organizations/{orgDatabaseId}/gei/archive?name={name}`; above it, `POST …/gei/archive/blobs/uploads`
 * (JSON: content_type, name, size), a `PATCH` per part at the previous answer's `Location` resolved as
 * `new Uri(new Uri(uploadsUrl), Location)`, and a `PUT` with the body `""` at the last `Location`.
 */
import type { GithubClient, GeiRuntime, Headers } from './github-client';
import { HttpContent } from './github-client';
import { asString, at, parseObject } from './jtoken';
import type { RetryPolicy } from './retry-policy';
import { OctoshiftCliError, escapeDataString, resolveUri } from './wire';

const BYTES_PER_MEBIBYTE = 1024 * 1024;
const MIN_MULTIPART_MEBIBYTES = 5;
const DEFAULT_MULTIPART_MEBIBYTES = 100;

export class ArchiveUploader {
  /** `_streamSizeLimit`: the part size, and the size above which an upload is multipart. */
  readonly streamSizeLimit: number;

  constructor(
    private readonly client: GithubClient,
    private readonly uploadsUrl: string,
    private readonly runtime: GeiRuntime,
    /** The process's RetryPolicy singleton (not the client's "GitHub" one). */
    private readonly retryPolicy: RetryPolicy,
  ) {
    this.streamSizeLimit = streamSizeLimitFromEnvironment(runtime);
  }

  /** `Upload(archiveContent, archiveName, orgDatabaseId)`: the archive's `gei://archive/…` URI. */
  async upload(archive: Buffer, archiveName: string, orgDatabaseId: string): Promise<string | null> {
    if (archive.length > this.streamSizeLimit) {
      const url = `${this.uploadsUrl}/organizations/${escapeDataString(orgDatabaseId)}/gei/archive/blobs/uploads`;
      return this.uploadMultipart(archive, archiveName, url);
    }
    const url = `${this.uploadsUrl}/organizations/${escapeDataString(orgDatabaseId)}/gei/archive?name=${escapeDataString(archiveName)}`;
    const content = new HttpContent(archive, 'application/octet-stream');
    const response = await this.retryPolicy.retry(() => this.client.postAsync(url, content));
    return asString(at(parseObject(response), 'uri'));
  }

  private async uploadMultipart(archive: Buffer, archiveName: string, uploadUrl: string): Promise<string> {
    try {
      const startHeaders = await this.startUpload(uploadUrl, archiveName, archive.length);
      let nextUrl = this.nextUrl(startHeaders);
      const totalParts = Math.ceil(archive.length / this.streamSizeLimit);
      // `archiveContent.ReadAsync(buffer)` into a buffer of the part size: a file stream fills it up to its end.
      for (let offset = 0, part = 0; offset < archive.length; offset += this.streamSizeLimit, part += 1) {
        const bytes = archive.subarray(offset, offset + this.streamSizeLimit);
        nextUrl = await this.uploadPart(bytes, nextUrl, part, totalParts);
      }
      return await this.completeUpload(nextUrl);
    } catch (error) {
      throw new OctoshiftCliError('Failed during multipart upload.', { cause: error });
    }
  }

  private async startUpload(uploadUrl: string, archiveName: string, contentSize: number): Promise<Headers> {
    this.runtime.log('info', `Starting archive upload into GitHub owned storage: ${archiveName}...`);
    const body = { content_type: 'application/octet-stream', name: archiveName, size: contentSize };
    try {
      const [, headers] = await this.retryPolicy.retry(() =>
        this.client.postWithFullResponseAsync(uploadUrl, body),
      );
      return headers;
    } catch (error) {
      throw new OctoshiftCliError('Failed to start upload.', { cause: error });
    }
  }

  private async uploadPart(
    bytes: Buffer,
    nextUrl: string,
    partsRead: number,
    totalParts: number,
  ): Promise<string> {
    this.runtime.log('info', `Uploading part ${partsRead + 1}/${totalParts}...`);
    const content = new HttpContent(bytes, 'application/octet-stream');
    try {
      const [, headers] = await this.retryPolicy.retry(() =>
        this.client.patchWithFullResponseAsync(nextUrl, content),
      );
      return this.nextUrl(headers);
    } catch (error) {
      throw new OctoshiftCliError('Failed to upload part.', { cause: error });
    }
  }

  private async completeUpload(lastUrl: string): Promise<string> {
    try {
      // `PutAsync(lastUrl, "")`: a string body, so ToJson() → the two characters `""` as application/json.
      const response = await this.retryPolicy.retry(() => this.client.putAsync(lastUrl, ''));
      const uri = asString(at(parseObject(response), 'uri'));
      this.runtime.log('info', 'Finished uploading archive');
      // `new Uri((string)responseData["uri"])`: null is an ArgumentNullException, a relative one a UriFormatException.
      if (uri === null) throw new Error('ArgumentNullException: Value cannot be null. (Parameter uriString)');
      if (!URL.canParse(uri)) throw new Error(`UriFormatException: Invalid URI: ${uri}`);
      return uri;
    } catch (error) {
      throw new OctoshiftCliError('Failed to complete upload.', { cause: error });
    }
  }

  /** `GetNextUrl`: the first `Location` header (`First` throws without one), resolved against the uploads URL. */
  private nextUrl(headers: Headers): string {
    const location = headers.find(([name]) => name.toLowerCase() === 'location');
    if (!location) throw new Error('InvalidOperationException: Sequence contains no matching element');
    if (location[1].trim() === '') {
      throw new OctoshiftCliError(
        'Location header is missing in the response, unable to retrieve next URL for multipart upload.',
      );
    }
    return resolveUri(this.uploadsUrl, location[1]);
  }
}

/** `SetStreamSizeLimitFromEnvironment`: a whole number of MiB ≥ 5, else the default 100 MiB. */
function streamSizeLimitFromEnvironment(runtime: GeiRuntime): number {
  const value = runtime.env.GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES;
  const mebibytes = value !== undefined && /^\s*[+-]?\d+\s*$/.test(value) ? Number.parseInt(value, 10) : NaN;
  if (!Number.isFinite(mebibytes) || mebibytes <= 0) return DEFAULT_MULTIPART_MEBIBYTES * BYTES_PER_MEBIBYTE;
  if (mebibytes < MIN_MULTIPART_MEBIBYTES) {
    runtime.log(
      'warning',
      `GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES is set to ${mebibytes} MiB, but the minimum value is 5 MiB. Using default value of 100 MiB.`,
    );
    return DEFAULT_MULTIPART_MEBIBYTES * BYTES_PER_MEBIBYTE;
  }
  runtime.log('info', `Multipart upload part size set to ${mebibytes} MiB.`);
  return mebibytes * BYTES_PER_MEBIBYTE;
}
