/**
 * GitHub's global relay id of a migration archive: `MA_` + base64url of the MessagePack array `[0, guid]` — the
 * shape of the `node_id` in GitHub's own example (`MA_kgDaACQzNjNi…` for guid `363b2659-…`).
 */
export function migrationArchiveNodeId(guid: string): string {
  const text = Buffer.from(guid, 'utf8');
  // fixarray(2), positive fixint 0, str16 with a big-endian length.
  const head = Buffer.from([0x92, 0x00, 0xda, text.length >> 8, text.length & 0xff]);
  return `MA_${Buffer.concat([head, text]).toString('base64url')}`;
}
