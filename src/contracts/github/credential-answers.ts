import { isRecord, ShapeError, stringOf } from '../json';
import { isLogin } from './names';

/**
 * What the gateway's credential checks read of GitHub's answers (`GET /user`, `GET /app/installations/{id}`, an
 * App's installation token), validated at the edge: a malformed or hostile answer is a `ShapeError` whose message
 * is the credential's problem as the Connection page shows it.
 */

function unreadable(what: string, missing: string): ShapeError {
  return new ShapeError('github', `GitHub’s ${what} could not be read (no ${missing}).`);
}

/** `GET /user`: the login of the token's user. */
export function parseUserLogin(body: unknown): string {
  const login = isRecord(body) ? stringOf(body.login) : undefined;
  if (login === undefined || !isLogin(login)) throw unreadable('answer to GET /user', 'user login');
  return login;
}

export interface InstallationAnswer {
  /** The account (organisation or user) the App is installed on. */
  login: string;
  /** The installation's permissions (`contents: "read"`...); entries that are not text are left out. */
  permissions: Record<string, string>;
}

/** `GET /app/installations/{id}`: whose installation it is and what it may do. */
export function parseInstallation(body: unknown): InstallationAnswer {
  const login = isRecord(body) && isRecord(body.account) ? stringOf(body.account.login) : undefined;
  if (login === undefined || !isLogin(login))
    throw unreadable('answer to GET /app/installations/{id}', 'installation account');
  const given = isRecord(body) && isRecord(body.permissions) ? body.permissions : {};
  const permissions = Object.fromEntries(
    Object.entries(given).filter(
      (entry): entry is [string, string] =>
        /^[a-z0-9_]{1,100}$/.test(entry[0]) && typeof entry[1] === 'string',
    ),
  );
  return { login, permissions };
}

/** An `Authorization` credential as it may go into a header: visible ASCII, no spaces, bounded. */
const TOKEN = /^[\x21-\x7e]{1,4096}$/;

/** `POST /app/installations/{id}/access_tokens`: the installation token (never sent on when malformed). */
export function parseInstallationToken(body: unknown): string {
  const token = isRecord(body) ? stringOf(body.token) : undefined;
  if (token === undefined || !TOKEN.test(token)) throw unreadable('installation token answer', 'token');
  return token;
}

/** The `message` of GitHub's error answer, when it is text (at most 200 characters of it). */
export function errorMessageOf(body: unknown): string | undefined {
  return isRecord(body) ? stringOf(body.message)?.slice(0, 200) : undefined;
}
