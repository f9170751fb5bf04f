/**
 * Upstream bodies, bounded. A streamed body (an archive) is cut when no byte arrives for `idleMs`; a body
 * read into memory (JSON, to check and redact it) is also capped in decoded bytes, so a small gzip that
 * expands to gigabytes is cancelled after the cap instead of being inflated whole.
 */
export class UpstreamIdleError extends Error {
  override name = 'UpstreamIdleError';
}

/** `body`, erroring (and cancelling the upstream) when the upstream sends nothing for `idleMs`. */
export function withIdleTimeout(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  onIdle?: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  const finish = () => {
    finished = true;
    clearTimeout(timer);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Only the wait for the upstream is timed: a slow reader (the browser) is not the upstream's fault.
        timer = setTimeout(() => {
          if (finished) return;
          finish();
          const error = new UpstreamIdleError(`no body bytes for ${idleMs} ms`);
          controller.error(error);
          onIdle?.();
          reader.cancel(error).catch(() => undefined);
        }, idleMs);
        try {
          const { done, value } = await reader.read();
          clearTimeout(timer);
          if (finished) return;
          if (done) {
            finish();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          if (finished) return;
          finish();
          controller.error(error);
        }
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

export type BoundedBody =
  { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: 'too-large' | 'idle' | 'cut' };

/**
 * Read `body` whole, giving up (and cancelling the upstream) past `maxBytes` or `idleMs` of silence. Bytes,
 * not text: the caller decodes once, and sends these very bytes on when nothing needed redacting (a 37 MB
 * author list decoded chunk by chunk and encoded again cost ~0.3 s and as much again in garbage).
 */
export async function readBoundedBody(
  body: ReadableStream<Uint8Array>,
  options: { maxBytes: number; idleMs: number },
): Promise<BoundedBody> {
  const reader = withIdleTimeout(body, options.idleMs).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { ok: true, bytes: concat(chunks, size) };
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel('too large').catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { ok: false, reason: error instanceof UpstreamIdleError ? 'idle' : 'cut' };
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
