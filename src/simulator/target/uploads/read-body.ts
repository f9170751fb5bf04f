/** A request body read up to `max` bytes: the bytes, or `tooLarge` as soon as it passes the bound (never buffered whole). */
export async function readBodyCapped(
  request: Request,
  max: number,
): Promise<{ bytes: Buffer } | { tooLarge: true }> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > max) return { tooLarge: true };
  if (!request.body) return { bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return { bytes: Buffer.concat(chunks, total) };
}
