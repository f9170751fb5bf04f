/**
 * The HTTP layer under gh-gei v1.32.0 (github/gh-gei, tag v1.32.0), as .NET's HttpClient puts requests on the
 * wire: only the headers the client sets, plus `Host` and, for a body, `Content-Length` and `Content-Type` (no
 * `Accept-Encoding`: HttpClientHandler's AutomaticDecompression is None). Built on node:http rather than fetch,
 * which would add `accept-encoding`, `accept-language`, `sec-fetch-mode` and a `user-agent` of its own.
 *
 * Every request and its answer is handed to a recorder (tests validate them afterwards).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** `OctoshiftCLI/1.32.0` (VersionChecker.GetCurrentVersion: the assembly version, 3 fields). */
export const GEI_VERSION = '1.32.0';

/**
 * gh-gei's User-Agent (GithubClient and HttpDownloadService constructors): `ProductInfoHeaderValue("OctoshiftCLI",
 * version)` plus, when a command runs, the comment `VersionChecker.GetVersionComments()` =
 * `({CliContext.RootCommand}/{CliContext.ExecutingCommand})`, set in gei's Program.SetContext before any handler
 * is built — so on the wire it is `OctoshiftCLI/1.32.0 (gei/migrate-repo)`, not the bare product token.
 */
export function userAgent(command: string): string {
  return `OctoshiftCLI/${GEI_VERSION} (gei/${command})`;
}

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Which of gh-gei's HttpClients sent it: a GithubClient (API, GraphQL, uploads) or an HttpDownloadService. */
export type ClientKind = 'github' | 'download';

export interface Exchange {
  command: string;
  client: ClientKind;
  request: WireRequest;
  response?: WireResponse;
  /** A transport failure (connection refused or reset): .NET throws HttpRequestException without a status. */
  error?: string;
}

export type Recorder = (exchange: Exchange) => void;

/** HttpRequestException: `StatusCode` set when an answer came back (null for a transport failure). */
export class HttpRequestError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpRequestException';
  }
}

/** OctoshiftCliException: what gh-gei prints and exits 1 with. */
export class OctoshiftCliError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OctoshiftCliException';
  }
}

/** The names .NET gives `HttpStatusCode` values in messages (`Expected status code Found but got OK`). */
const STATUS_NAMES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'NoContent',
  301: 'MovedPermanently',
  302: 'Found',
  304: 'NotModified',
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? String(status);
}

/** One request, no redirect followed (gei's named clients "Default" and "NoSSL": AllowAutoRedirect = false). */
export function send(request: WireRequest): Promise<WireResponse> {
  const url = new URL(request.url);
  const open = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body) headers['Content-Length'] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const req = open(url, { method: request.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** A response header as .NET's `response.Headers` lists it (the first value). */
export function header(response: WireResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `new Uri(new Uri(baseUrl), relative).ToString()` for the inputs GitHub answers in `Location` (a path from the
 * root with a query, or an absolute URL). RFC 3986 reference resolution as WHATWG's `new URL(relative, base)`
 * does it. .NET departs from WHATWG only where escaping or separators are involved (ToString() unescapes `%XX`;
 * `\` is a path separator for WHATWG in http(s) but not for System.Uri; `//host` is a network-path reference):
 * such a Location is refused here rather than guessed.
 */
export function resolveUri(baseUrl: string, relative: string): string {
  if (/[%\\]/.test(relative) || relative.startsWith('//')) {
    throw new Error(
      `Location ${JSON.stringify(relative)}: .NET Uri resolution is not reproduced for this input`,
    );
  }
  return new URL(relative, new URL(baseUrl)).href;
}

/** Uri.EscapeDataString: everything but RFC 3986's unreserved characters, upper-case hex. */
export function escapeDataString(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `JsonConvert.SerializeObject(body)` (ObjectExtensions.ToJson) with Newtonsoft's defaults: compact, properties
 * in declaration order, nulls written, and U+0085, U+2028 and U+2029 escaped besides the control characters (a
 * `string` body such as `""` serializes as the JSON string `""`).
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
