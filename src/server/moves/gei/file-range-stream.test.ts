import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileRangeStream, READ_CHUNK_BYTES } from './file-range-stream';

const scratch = fs.mkdtempSync(join(tmpdir(), 'file-range-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const bytes = randomBytes(3 * READ_CHUNK_BYTES + 17);
const file = join(scratch, 'archive.bin');
fs.writeFileSync(file, bytes);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const next = await reader.read();
    if (next.done) return Buffer.concat(chunks);
    chunks.push(Buffer.from(next.value));
  }
}

describe('a file range as a stream', () => {
  it('gives exactly the range, chunk by chunk', async () => {
    const start = READ_CHUNK_BYTES - 5;
    const end = 3 * READ_CHUNK_BYTES + 3;
    expect((await readAll(fileRangeStream(file, start, end).stream)).equals(bytes.subarray(start, end))).toBe(
      true,
    );
    expect((await readAll(fileRangeStream(file, 0, bytes.length).stream)).equals(bytes)).toBe(true);
  });

  it('reads only when pulled: nothing ahead of the consumer', async () => {
    const copy = join(scratch, 'shrinking.bin');
    fs.writeFileSync(copy, bytes);
    const reader = fileRangeStream(copy, 0, bytes.length).stream.getReader();
    expect((await reader.read()).value?.byteLength).toBe(READ_CHUNK_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Had it read ahead, the next chunk would already be in memory; it is read now, from the shortened file.
    fs.truncateSync(copy, READ_CHUNK_BYTES);
    await expect(reader.read()).rejects.toThrow(/shorter/);
  });

  it('ends with an error once closed from outside, and when the file is shorter than the range', async () => {
    const part = fileRangeStream(file, 0, bytes.length);
    const reader = part.stream.getReader();
    await reader.read();
    await part.close();
    await expect(reader.read()).rejects.toThrow(/ended/);
    await expect(readAll(fileRangeStream(file, 0, bytes.length + 10).stream)).rejects.toThrow(/shorter/);
  });
});
