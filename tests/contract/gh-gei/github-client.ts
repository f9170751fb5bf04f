/**
 * gh-gei v1.32.0's GithubClient (src/Octoshift/Services/GithubClient.cs): default headers, JSON bodies, status
 * handling, primary and secondary rate-limit waits, GraphQL error handling and pagination — everything GithubApi
 * builds on.
 */
import { type JToken, asObjectOrNull, at, parseObject } from './jtoken';
import type { RetryPolicy } from './retry-policy';
import { type GeiRuntime, exchange } from './runtime';
import {
  type WireRequest,
  type WireResponse,
  HttpRequestError,
  OctoshiftCliError,
  header,
  statusName,
  toJson,
  userAgent,
} from './wire';

export type { GeiRuntime } from './runtime';

/** An HttpContent body (StreamContent, ByteArrayContent) sent as is; any other body is serialized to JSON. */
export class HttpContent {
  constructor(
    readonly bytes: Buffer,
    readonly contentType = 'application/octet-stream',
  ) {}
}

export type Headers = [string, string][];

function headerList(response: WireResponse): Headers {
  return Object.entries(response.headers).flatMap(([name, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

export class GithubClient {
  private retryDelay = 0;
  /** `_secondaryRateLimitMaxRetries`, `_secondaryRateLimitDefaultDelay` (seconds). */
  private readonly secondaryMaxRetries = 3;
  private readonly secondaryDefaultDelay = 60;
  readonly retryPolicy: RetryPolicy;

  constructor(
    private readonly runtime: GeiRuntime,
    /** The process's RetryPolicy singleton; the client keeps `WithServiceName("GitHub")` of it (GithubApiFactory). */
    policy: RetryPolicy,
    private readonly personalAccessToken: string,
  ) {
    this.retryPolicy = policy.withServiceName('GitHub');
  }

  /** `_httpClient.DefaultRequestHeaders` as the constructor sets them. */
  private defaultHeaders(): Record<string, string> {
    return {
      Accept: 'application/vnd.github.v3+json',
      'GraphQL-Features': 'import_api,mannequin_claiming_emu,org_import_api,octoshift_ll_gitlab_self_serve',
      Authorization: `Bearer ${this.personalAccessToken}`,
      'User-Agent': userAgent(this.runtime.command),
    };
  }

  getAsync(url: string): Promise<string> {
    return this.getWithRetry(url, 200).then(([content]) => content);
  }

  getNonSuccessAsync(url: string, status: number): Promise<string> {
    return this.getWithRetry(url, status).then(([content]) => content);
  }

  postAsync(url: string, body: unknown): Promise<string> {
    return this.sendAsync('POST', url, body).then(([content]) => content);
  }

  postWithFullResponseAsync(url: string, body: unknown): Promise<[string, Headers]> {
    return this.sendAsync('POST', url, body);
  }

  async postGraphQLAsync(url: string, body: unknown): Promise<JToken> {
    const data = parseObject(await this.postAsync(url, body));
    ensureSuccessGraphQLResponse(data);
    return data;
  }

  async postGraphQLWithRetryAsync(url: string, body: unknown, retryCount = 0): Promise<JToken> {
    let currentRetryCount = retryCount;
    for (;;) {
      const [content, headers] = await this.retryPolicy.retry(() => this.sendAsync('POST', url, body));
      let response = content;
      if (isGraphQLSecondaryRateLimit(response)) {
        [response] = await this.handleSecondaryRateLimit('POST', url, body, 200, headers, currentRetryCount);
        if (isGraphQLSecondaryRateLimit(response)) {
          currentRetryCount += 1;
          continue;
        }
      }
      const data = parseObject(response);
      ensureSuccessGraphQLResponse(data);
      return data;
    }
  }

  /**
   * `PostGraphQLWithPaginationAsync`: `variables.first` and `variables.after` added to the body (JObject.FromObject,
   * so after the body's own variables), one SendAsync per page, no GraphQL error check.
   */
  async *postGraphQLWithPaginationAsync(
    url: string,
    body: { query: string; variables?: Record<string, unknown> },
    selectResults: (data: JToken) => JToken[],
    selectPageInfo: (data: JToken) => JToken | undefined,
    first = 100,
    after: string | null = null,
  ): AsyncGenerator<JToken> {
    const variables: Record<string, unknown> = { ...(body.variables ?? {}) };
    const jBody = { ...body, variables };
    variables.first = first;
    let cursor = after;
    let hasNextPage = true;
    while (hasNextPage) {
      variables.after = cursor;
      const [content] = await this.sendAsync('POST', url, jBody);
      const data = parseObject(content);
      for (const result of selectResults(data)) yield result;
      const pageInfo = asObjectOrNull(selectPageInfo(data));
      if (pageInfo === null) return;
      hasNextPage = pageInfo.hasNextPage === true;
      const end = pageInfo.endCursor;
      cursor = typeof end === 'string' ? end : null;
    }
  }

  putAsync(url: string, body: unknown): Promise<string> {
    return this.sendAsync('PUT', url, body).then(([content]) => content);
  }

  patchWithFullResponseAsync(url: string, body: unknown): Promise<[string, Headers]> {
    return this.sendAsync('PATCH', url, body);
  }

  private getWithRetry(url: string, expectedStatus: number): Promise<[string, Headers]> {
    return this.retryPolicy.retry(() => this.sendAsync('GET', url, undefined, expectedStatus));
  }

  private async sendAsync(
    method: string,
    url: string,
    body?: unknown,
    expectedStatus = 200,
    retryCount = 0,
  ): Promise<[string, Headers]> {
    await this.applyRetryDelay();
    const request: WireRequest = { method, url, headers: this.defaultHeaders() };
    if (body !== undefined && body !== null) {
      if (body instanceof HttpContent) {
        request.body = body.bytes;
        request.headers['Content-Type'] = body.contentType;
      } else {
        // ToJson().ToStringContent(): StringContent(s, Encoding.UTF8, "application/json").
        request.body = Buffer.from(toJson(body), 'utf8');
        request.headers['Content-Type'] = 'application/json; charset=utf-8';
      }
    }
    const response = await exchange(this.runtime, 'github', request);
    const content = response.body.toString('utf8');
    let headers = headerList(response);
    let result = content;

    if (rateLimitRemaining(response) <= 0 && content.toUpperCase().includes('API RATE LIMIT EXCEEDED')) {
      this.retryDelay = this.rateLimitReset(response) - this.nowSeconds();
    }
    if (isSecondaryRateLimit(response.status, content)) {
      return this.handleSecondaryRateLimit(method, url, body, expectedStatus, headers, retryCount);
    }
    if (response.status === 403 && this.retryDelay > 0) {
      [result, headers] = await this.sendAsync(method, url, body, expectedStatus, retryCount);
    } else if (expectedStatus === 200) {
      if (response.status < 200 || response.status > 299) {
        throw new HttpRequestError(`GitHub API error: ${content}`, response.status);
      }
    } else if (response.status !== expectedStatus) {
      throw new HttpRequestError(
        `Expected status code ${statusName(expectedStatus)} but got ${statusName(response.status)}`,
        response.status,
      );
    }
    return [result, headers];
  }

  private async applyRetryDelay(): Promise<void> {
    if (this.retryDelay > 0) {
      this.runtime.log(
        'warning',
        `GitHub rate limit exceeded. Waiting ${this.retryDelay} seconds before continuing`,
      );
      await this.runtime.sleep(this.retryDelay * 1000, 'GithubClient.ApplyRetryDelayAsync');
      this.retryDelay = 0;
    }
  }

  private async handleSecondaryRateLimit(
    method: string,
    url: string,
    body: unknown,
    expectedStatus: number,
    headers: Headers,
    retryCount: number,
  ): Promise<[string, Headers]> {
    if (retryCount >= this.secondaryMaxRetries) {
      throw new OctoshiftCliError(
        `Secondary rate limit exceeded. Maximum retries (3) reached. Please wait before retrying your request.`,
      );
    }
    const delaySeconds = this.secondaryRateLimitDelay(headers, retryCount);
    await this.runtime.sleep(delaySeconds * 1000, 'GithubClient.HandleSecondaryRateLimit');
    return this.sendAsync(method, url, body, expectedStatus, retryCount + 1);
  }

  private secondaryRateLimitDelay(headers: Headers, retryCount: number): number {
    const find = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1];
    const retryAfter = find('retry-after');
    if (retryAfter && /^\s*[+-]?\d+\s*$/.test(retryAfter)) return Number.parseInt(retryAfter, 10);
    const remaining = Number.parseInt(find('x-ratelimit-remaining') ?? '5000', 10);
    if (remaining <= 0) {
      const reset = find('x-ratelimit-reset');
      const delay =
        (reset === undefined ? this.nowSeconds() : Number.parseInt(reset, 10)) - this.nowSeconds();
      if (delay > 0) return delay;
    }
    return this.secondaryDefaultDelay * 2 ** retryCount;
  }

  private rateLimitReset(response: WireResponse): number {
    const reset = header(response, 'x-ratelimit-reset');
    return reset === undefined ? this.nowSeconds() : Number.parseInt(reset, 10);
  }

  private nowSeconds(): number {
    return Math.floor(this.runtime.now() / 1000);
  }
}

/** `int.Parse(X-RateLimit-Remaining ?? "5000")`. */
function rateLimitRemaining(response: WireResponse): number {
  return Number.parseInt(header(response, 'x-ratelimit-remaining') ?? '5000', 10);
}

function isSecondaryRateLimit(status: number, content: string): boolean {
  if (status !== 403 && status !== 429) return false;
  const upper = content.toUpperCase();
  if (upper.includes('API RATE LIMIT EXCEEDED')) return false;
  return (
    upper.includes('SECONDARY RATE LIMIT') ||
    upper.includes('ABUSE DETECTION') ||
    upper.includes('YOU HAVE TRIGGERED AN ABUSE DETECTION MECHANISM') ||
    status === 429
  );
}

function isGraphQLSecondaryRateLimit(content: string): boolean {
  const errors = at(parseObject(content), 'errors');
  if (!Array.isArray(errors) || errors.length === 0) return false;
  const type = at(errors[0], 'type');
  return typeof type === 'string' && type === 'RATE_LIMIT';
}

/** `EnsureSuccessGraphQLResponse`: the first error's message (or "UNKNOWN") as an OctoshiftCliException. */
export function ensureSuccessGraphQLResponse(data: JToken): void {
  const errors = at(data, 'errors');
  if (Array.isArray(errors) && errors.length > 0) {
    const message = at(errors[0], 'message');
    throw new OctoshiftCliError(typeof message === 'string' ? message : 'UNKNOWN');
  }
}
