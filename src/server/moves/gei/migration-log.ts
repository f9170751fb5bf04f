import { open, rename, rm } from 'node:fs/promises';
import { USER_AGENT } from '@/contracts/github/http';
import { OutboundLimitError, type OutboundBounds, type UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { fetchHanded, HandedUrlRefusedError, type HandedUrlCheck } from '@/server/outbound/handed-url';

/**
 * A migration's log kept beside its archive: GitHub's `migrationLogUrl` is a presigned URL (no credentials sent)
 * that lives 24 hours after the migration ends, so the move saves the log once it ended. Written to a temporary
 * file then renamed: a reader never sees half a log, and a killed save leaves only the `.partial` file, which the
 * next save of that log overwrites. Never throws for the log's own fate (expired, too large, refused): those are
 * results, so a caller does not retry what cannot succeed. The URL is a secret: no message names it. It is
 * fetched only where `check` allows (GitHub's log storage, the target's own origins): a URL elsewhere — Ferry's
 * own routes, another port of this machine, the private network — is `refused`, final, and nothing is sent.
 */

/** Largest log kept (GitHub's logs are a few KB to a few MB). */
export const MAX_LOG_BYTES = 16 * 1024 * 1024;
export const LOG_SUFFIX = '.migration-log.txt';
export const PARTIAL_SUFFIX = '.partial';

export type SavedLog =
  | { saved: true; file: string; bytes: number }
  | {
      saved: false;
      /**
       * `expired`: 403/404/410 (after 24 h); `refused`: not a URL Ferry fetches, or an answer it does not take
       * (a redirect); `unavailable`: 5xx, no answer in time — try later.
       */
      reason: 'expired' | 'too-large' | 'refused' | 'unavailable';
      /** Whether asking again later may succeed. */
      retry: boolean;
      message: string;
    };

export const logFileOf = (archiveFile: string) => `${archiveFile}${LOG_SUFFIX}`;

export async function saveMigrationLog(input: {
  url: string;
  /** The archive file; the log is written beside it as `<file>.migration-log.txt`. */
  file: string;
  fetch: UpstreamFetch;
  bounds: OutboundBounds;
  /** Where a log URL may point (`handedUrlChecks(…).log`). */
  check: HandedUrlCheck;
}): Promise<SavedLog> {
  const failed = (reason: Exclude<SavedLog, { saved: true }>['reason'], message: string): SavedLog => ({
    saved: false,
    reason,
    retry: reason === 'unavailable',
    message,
  });
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return failed('refused', 'The migration log’s address is not a URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return failed('refused', 'The migration log’s address is not an http(s) URL.');

  const target = logFileOf(input.file);
  const partial = `${target}${PARTIAL_SUFFIX}`;
  let answer;
  try {
    answer = await fetchHanded(
      input.fetch,
      url,
      // No authorization: the URL carries its own signature. No redirect followed: nothing else is fetched.
      { method: 'GET', headers: { 'user-agent': USER_AGENT, accept: 'text/plain' } },
      { ...input.bounds, maxBytes: MAX_LOG_BYTES },
      input.check,
    );
  } catch (error) {
    if (error instanceof HandedUrlRefusedError)
      return failed('refused', `The migration log’s address is not one Ferry fetches from: ${error.reason}.`);
    return failed('unavailable', `The migration log did not arrive: ${reasonOf(error)}.`);
  }
  const { status } = answer.response;
  if (status !== 200) {
    answer.abort();
    if ([403, 404, 410].includes(status))
      return failed('expired', `The migration log is gone (HTTP ${status}): GitHub keeps it 24 hours.`);
    if (status >= 500 || status === 429)
      return failed('unavailable', `The migration log’s storage answered HTTP ${status}.`);
    return failed('refused', `The migration log’s storage answered HTTP ${status}.`);
  }

  const handle = await open(partial, 'w');
  let bytes = 0;
  let writing = false;
  try {
    const reader = answer.body?.getReader();
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      writing = true;
      await handle.write(next.value);
      writing = false;
      bytes += next.value.byteLength;
    }
    writing = true;
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(partial, { force: true });
    // The disk's fault (full, removed) is Ferry's own: thrown, not blamed on the log.
    if (writing) throw error;
    if (error instanceof OutboundLimitError && error.bound === 'size')
      return failed('too-large', `The migration log is larger than ${MAX_LOG_BYTES} bytes; not kept.`);
    return failed('unavailable', `The migration log broke off: ${reasonOf(error)}.`);
  }
  await handle.close();
  await rename(partial, target);
  return { saved: true, file: target, bytes };
}

/** The bound that cut it, or a generic word: never the error's own text (it may hold the URL). */
function reasonOf(error: unknown): string {
  return error instanceof OutboundLimitError ? error.message : 'the connection failed';
}
