/** The one place a gh-gei request goes out and is recorded, and what the process brings to it. */
import type { Sleep } from './retry-policy';
import {
  type ClientKind,
  type Exchange,
  type Recorder,
  type WireRequest,
  type WireResponse,
  HttpRequestError,
  send,
} from './wire';

/** What a gh-gei process brings: its command, recorder, waits, clock and environment. */
export interface GeiRuntime {
  /** The gei command running (`migrate-repo`…): part of the User-Agent. */
  command: string;
  record: Recorder;
  sleep: Sleep;
  /** DateTime.Now / DateTimeProvider, in ms since the epoch. */
  now: () => number;
  env: Record<string, string | undefined>;
  log: (level: 'info' | 'warning' | 'error' | 'verbose', message: string) => void;
}

/** Send and record; a transport failure is an HttpRequestException without a status, as in .NET. */
export async function exchange(
  runtime: GeiRuntime,
  client: ClientKind,
  request: WireRequest,
): Promise<WireResponse> {
  const record: Exchange = { command: runtime.command, client, request };
  try {
    record.response = await send(request);
    return record.response;
  } catch (error) {
    record.error = String(error);
    throw new HttpRequestError(`An error occurred while sending the request: ${String(error)}`, undefined, {
      cause: error,
    });
  } finally {
    runtime.record(record);
  }
}
