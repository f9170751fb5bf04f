/**
 * gh-gei v1.32.0's HttpDownloadService (src/Octoshift/Services/HttpDownloadService.cs, made by
 * src/Octoshift/Factories/HttpDownloadServiceFactory.cs): archives from GHES's storage, migration logs.
 */
import { type GeiRuntime, exchange } from './runtime';
import { HttpRequestError, header, statusName, userAgent } from './wire';

/**
 * HttpDownloadService: its own HttpClient with only the User-Agent (no Accept, no Authorization). `CreateDefault`
 * ("Default" client) follows no redirect; `CreateDefaultWithRedirects` (the unnamed client, download-logs) follows
 * up to 50 (HttpClientHandler's default), never from https to http.
 */
export class HttpDownloadService {
  constructor(
    private readonly runtime: GeiRuntime,
    private readonly followRedirects: boolean,
  ) {}

  /** `DownloadToFile(url, file)`, returning the bytes it writes. */
  async downloadToBytes(url: string): Promise<Buffer> {
    let target = url;
    for (let hops = 0; ; hops += 1) {
      // HttpClient.GetAsync(string): an empty or relative URI with no BaseAddress is an InvalidOperationException.
      if (!isAbsoluteHttpUri(target)) {
        throw new Error(
          'InvalidOperationException: An invalid request URI was provided. Either the request URI must be an absolute URI or BaseAddress must be set.',
        );
      }
      const response = await exchange(this.runtime, 'download', {
        method: 'GET',
        url: target,
        headers: { 'User-Agent': userAgent(this.runtime.command) },
      });
      const location = header(response, 'location');
      const redirect = [300, 301, 302, 303, 307, 308].includes(response.status) && location !== undefined;
      if (this.followRedirects && redirect && hops < 50) {
        const next = new URL(location, target);
        if (!(new URL(target).protocol === 'https:' && next.protocol === 'http:')) {
          target = next.href;
          continue;
        }
      }
      if (response.status < 200 || response.status > 299) {
        throw new HttpRequestError(
          `Response status code does not indicate success: ${response.status} (${statusName(response.status)}).`,
          response.status,
        );
      }
      return response.body;
    }
  }
}

function isAbsoluteHttpUri(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
