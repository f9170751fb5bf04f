import type { Context } from 'hono';
import { githubError } from '../http';
import { isVcs } from './scenarios';
import type { StartRequest } from './store';

/**
 * What the Source Imports API accepts, as GitHub words its refusals: a 400 for a body that is not a JSON
 * object, a 422 listing each field at fault.
 */

export type ImportRequestBody = Record<string, unknown>;

/** One entry of a 422's `errors`. */
export interface FieldError {
  resource: string;
  field?: string;
  code: string;
  message?: string;
}

const VCS_URL_SCHEMES = /^(https?|svn|svn\+ssh|git|ssh|tfs):\/\/[^\s/]+/i;

/** The request body: `undefined` when empty, a Response when it is not a JSON object (GitHub's 400s). */
export async function readBody(c: Context): Promise<ImportRequestBody | undefined | Response> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return githubError(c, 400, 'Problems parsing JSON');
  }
  if (parsed === null) return undefined;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    return githubError(c, 400, 'Body should be a JSON object');
  }
  return parsed as ImportRequestBody;
}

/** `PUT …/import`: the import to start, or every field at fault. */
export function parseStartRequest(body: ImportRequestBody | undefined): StartRequest | FieldError[] {
  const errors: FieldError[] = [];
  const vcsUrl = body?.vcs_url;
  if (vcsUrl === undefined || vcsUrl === '')
    errors.push({ resource: 'Import', field: 'vcs_url', code: 'missing_field' });
  else if (typeof vcsUrl !== 'string' || !VCS_URL_SCHEMES.test(vcsUrl.trim()) || vcsUrl.length > 2048)
    errors.push({
      resource: 'Import',
      field: 'vcs_url',
      code: 'invalid',
      message: 'vcs_url is not a valid URL',
    });
  if (body?.vcs !== undefined && !isVcs(body.vcs))
    errors.push({
      resource: 'Import',
      field: 'vcs',
      code: 'invalid',
      message: 'vcs must be one of subversion, git, mercurial, tfvc',
    });
  for (const field of ['vcs_username', 'vcs_password', 'tfvc_project'] as const) {
    if (body?.[field] !== undefined && typeof body[field] !== 'string')
      errors.push({ resource: 'Import', field, code: 'invalid' });
  }
  if (errors.length > 0) return errors;
  return {
    vcsUrl: (vcsUrl as string).trim(),
    vcs: isVcs(body?.vcs) ? body.vcs : undefined,
    username: body?.vcs_username as string | undefined,
    password: body?.vcs_password as string | undefined,
    tfvcProject: body?.tfvc_project as string | undefined,
  };
}

/** Email as Git accepts it for an author: one `@`, no spaces or angle brackets. */
export function isValidAuthorEmail(email: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(email);
}

export function isValidAuthorName(name: string): boolean {
  return name.trim().length > 0 && !/[<>\n\r]/.test(name);
}

/** `PATCH …/import/authors/:id`: what is wrong with the mapping sent (only `email`, `name`, `remote_id`). */
export function authorChangeErrors(body: ImportRequestBody | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of Object.keys(body ?? {})) {
    if (!['email', 'name', 'remote_id'].includes(key))
      errors.push({
        resource: 'PorterAuthor',
        field: key,
        code: 'invalid',
        message: `${key} is not a permitted key`,
      });
  }
  const { email, name } = body ?? {};
  if (email !== undefined && (typeof email !== 'string' || !isValidAuthorEmail(email)))
    errors.push({
      resource: 'PorterAuthor',
      field: 'email',
      code: 'invalid',
      message: 'email is not a valid email address',
    });
  if (name !== undefined && (typeof name !== 'string' || !isValidAuthorName(name)))
    errors.push({
      resource: 'PorterAuthor',
      field: 'name',
      code: 'invalid',
      message: 'name must not be blank or contain < > or line breaks',
    });
  return errors;
}

/** `PATCH …/import/lfs`: the choice sent, or what is wrong with it. */
export function parseLfsChoice(body: ImportRequestBody | undefined): 'opt_in' | 'opt_out' | FieldError[] {
  const choice = body?.use_lfs;
  if (choice === undefined) return [{ resource: 'Import', field: 'use_lfs', code: 'missing_field' }];
  if (choice !== 'opt_in' && choice !== 'opt_out')
    return [
      {
        resource: 'Import',
        field: 'use_lfs',
        code: 'invalid',
        message: 'use_lfs must be opt_in or opt_out',
      },
    ];
  return choice;
}
