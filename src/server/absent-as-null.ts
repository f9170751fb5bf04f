import { ABSENT_HEADER } from '@/contracts/ferry';
import type { Operation } from './allow-list';

/**
 * GitHub's 404 for "this repository has no import" as `200 null`, when the browser asks for it (ABSENT_HEADER):
 * browsers log every 404 as a console error, though here it is an answer, not a failure. The gateway's own
 * errors (`source: "gateway"`) and every other status pass unchanged; rate-limit headers are kept.
 */
export async function absentAsNull(
  operation: Operation,
  requestHeader: string | undefined,
  response: Response,
): Promise<Response> {
  if (!operation.absentAsNull || requestHeader !== 'null' || response.status !== 404) return response;
  const text = await response.clone().text();
  try {
    if ((JSON.parse(text) as { source?: unknown } | null)?.source === 'gateway') return response;
  } catch {
    return response;
  }
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'etag', 'last-modified']) headers.delete(name);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set(ABSENT_HEADER, '404');
  return new Response('null', { status: 200, headers });
}
