/**
 * A browser as far as the sign-in tests need one (issue 51): a cookie jar, same-origin writes, and the whole
 * GitHub sign-in flow followed as a browser follows it — login → (simulated) authorize → callback — against any
 * gateway's `request` (in-process `app.request`, or `fetch` to a gateway process).
 */
export type Jar = Map<string, string>;
type Request = (url: string, init: RequestInit) => Promise<Response> | Response;

export const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

function keep(jar: Jar, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (!name) continue;
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name.trim());
    else jar.set(name.trim(), value ?? '');
  }
}

export function signedInBrowser(origin: string, request: Request) {
  async function send(jar: Jar, target: string, init: RequestInit = {}) {
    const url = target.startsWith('http') ? target : `${origin}${target}`;
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', cookieHeader(jar));
    if (init.method && init.method !== 'GET') {
      headers.set('origin', origin);
      headers.set('sec-fetch-site', 'same-origin');
    }
    const response = await request(url, { ...init, headers, redirect: 'manual' });
    keep(jar, response);
    return response;
  }

  /** A JSON write, as the SPA sends it. */
  const post = (jar: Jar, target: string, body: unknown, method = 'POST') =>
    send(jar, target, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** The flow; throws when a step does not answer as GitHub's and Ferry's do. */
  async function signIn(login: string, returnTo = '/moves') {
    const jar: Jar = new Map();
    const begin = await send(jar, `/auth/login?return=${encodeURIComponent(returnTo)}&login=${login}`);
    const authorizeAt = begin.headers.get('location');
    if (begin.status !== 302 || !authorizeAt) throw new Error(`/auth/login answered ${begin.status}`);
    const authorize = new URL(authorizeAt, origin);
    const approved = await send(jar, `${authorize.pathname}${authorize.search}`);
    const callback = approved.headers.get('location');
    if (approved.status !== 302 || !callback)
      throw new Error(`the authorize page answered ${approved.status}`);
    const done = await send(jar, callback);
    return { jar, done, callback, authorize };
  }

  return { send, post, signIn };
}
