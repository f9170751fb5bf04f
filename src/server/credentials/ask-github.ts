import type { CredentialDetails, CredentialSummary } from '@/contracts/credentials';
import { errorMessageOf } from '@/contracts/github/credential-answers';
import { githubRequestHeaders } from '@/contracts/github/wire-headers';
import { fetchBounded, readBounded } from '../outbound/bounded-fetch';
import { failingAs, notJson } from '../outbound/upstream-failure';
import type { CredentialsOptions } from './credentials';

/** One answer of GitHub to a credential check: its status, headers and JSON body (undefined when not JSON). */
export interface CheckAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** What a 200 tells of a credential; it throws (a `ShapeError`) when the answer cannot be read. */
export type ReadCheck = (answer: CheckAnswer) => Omit<CredentialDetails, 'name' | 'kind'>;

/**
 * Asks GitHub one thing about a credential: a 200 is read into details, anything else (an error answer, an
 * unreadable one, GitHub unreachable) is the credential's problem, redacted, never a thrown error.
 */
export function githubAsker(options: CredentialsOptions) {
  // Failures on the way are named as the forwarder names them (`upstream-failure.ts`).
  const get = async (path: string, authorization: string): Promise<CheckAnswer> => {
    const answer = await failingAs('connect', () =>
      fetchBounded(
        options.fetch,
        `${options.baseUrl}/${path}`,
        { headers: githubRequestHeaders({ apiVersion: options.apiVersion, authorization }) },
        options.bounds,
      ),
    );
    const read = answer.body;
    const text = read ? new TextDecoder().decode(await failingAs('body', () => readBounded(read))) : '';
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: answer.response.status, headers: answer.response.headers, body };
  };

  // GitHub's (or a proxy's) words may quote the Authorization it received: never shown as they came.
  const redact = (text: string) => options.secrets?.redact(text) ?? text;

  return async function ask(
    credential: CredentialSummary,
    path: string,
    authorization: () => Promise<string>,
    read: ReadCheck,
  ): Promise<CredentialDetails> {
    const summary = { name: credential.name, kind: credential.kind };
    try {
      const found = await get(path, await authorization());
      if (found.status !== 200) return { ...summary, problem: redact(problemOf(found)) };
      return { ...summary, ...read(found) };
    } catch (error) {
      return {
        ...summary,
        problem: redact(error instanceof Error ? error.message : 'GitHub could not be asked.'),
      };
    }
  };
}

export type AskGithub = ReturnType<typeof githubAsker>;

function problemOf({ status, body }: CheckAnswer): string {
  if (body === undefined) return notJson(status).message;
  const message = errorMessageOf(body);
  return `GitHub answered ${status}${message === undefined ? '' : `: ${message}`}.`;
}

/** GitHub's `github-authentication-token-expiration` ("2026-11-30 10:00:00 UTC") as an ISO time. */
export function expiryOf(headers: Headers): string | undefined {
  const expiry = Date.parse(headers.get('github-authentication-token-expiration') ?? '');
  return Number.isFinite(expiry) ? new Date(expiry).toISOString() : undefined;
}
