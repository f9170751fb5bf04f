import { open } from 'node:fs/promises';

/** Bytes read from disk per pull. */
export const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes `start` to `end` (exclusive) of `file` as a web stream read on demand: one chunk per pull, so at most a
 * chunk or two are in memory whatever the range's size. (Node 20's `Readable.toWeb` counts its queue in chunks
 * against a byte high-water mark, so it reads ahead a whole 100 MiB part: measured +150 MB of RSS.) `close` ends
 * it from outside (the exchange is over, whoever holds the stream), releasing the file.
 */
export function fileRangeStream(
  file: string,
  start: number,
  end: number,
): { stream: ReadableStream<Uint8Array>; close: () => Promise<void> } {
  let position = start;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let closed = false;
  const close = async () => {
    closed = true;
    const opened = handle;
    handle = undefined;
    await opened?.close().catch(() => undefined);
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (closed) throw new Error('The upload of this part has ended.');
          if (!handle) {
            const opened = await open(file, 'r');
            if (closed) {
              await opened.close();
              throw new Error('The upload of this part has ended.');
            }
            handle = opened;
          }
          const wanted = Math.min(READ_CHUNK_BYTES, end - position);
          if (wanted <= 0) {
            await close();
            controller.close();
            return;
          }
          // A fresh buffer per chunk: the consumer may still hold the previous one.
          const chunk = Buffer.allocUnsafe(wanted);
          const { bytesRead } = await handle.read(chunk, 0, wanted, position);
          if (bytesRead === 0) throw new Error('The archive file is shorter than when its upload began.');
          position += bytesRead;
          controller.enqueue(chunk.subarray(0, bytesRead));
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
  return { stream, close };
}
