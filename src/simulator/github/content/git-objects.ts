import { createHash } from 'node:crypto';
import { constants, crc32, deflateSync } from 'node:zlib';

/**
 * Git objects and one pack file holding them, encoded with Node's own SHA-1 and zlib (isomorphic-git writes
 * loose objects through Web Streams and WebCrypto, about 2 ms an object: 15 times slower, too slow for big-org's
 * 500 repositories). A pack, as GitHub's exports hold, keeps the archive at two files a repository instead of
 * dozens. Tests read the result back with isomorphic-git and `git fsck --strict`.
 */
export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface GitObject {
  type: ObjectType;
  oid: string;
  body: Buffer;
  /** Random bytes: stored in the pack, not compressed (see `deflate`). */
  incompressible?: boolean;
}

export function gitObject(type: ObjectType, body: Buffer, incompressible = false): GitObject {
  const oid = createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
  return { type, oid, body, incompressible };
}

export interface TreeEntry {
  name: string;
  kind: 'blob' | 'tree';
  oid: string;
}

/** Git sorts tree entries by bytes, a subtree's name as if it ended in '/'. */
const sortKey = (entry: TreeEntry) => Buffer.from(entry.kind === 'tree' ? `${entry.name}/` : entry.name);

export function treeBody(entries: TreeEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  return Buffer.concat(
    sorted.flatMap((entry) => [
      Buffer.from(`${entry.kind === 'tree' ? '40000' : '100644'} ${entry.name}\0`),
      Buffer.from(entry.oid, 'hex'),
    ]),
  );
}

export interface Signature {
  name: string;
  email: string;
  /** ISO 8601, UTC. */
  date: string;
}

const signature = (who: Signature) =>
  `${who.name} <${who.email}> ${Math.floor(Date.parse(who.date) / 1000)} +0000`;

export function commitBody(tree: string, parents: string[], who: Signature, message: string): Buffer {
  const lines = [`tree ${tree}`, ...parents.map((parent) => `parent ${parent}`)];
  lines.push(`author ${signature(who)}`, `committer ${signature(who)}`);
  return Buffer.from(`${lines.join('\n')}\n\n${message}\n`);
}

export function tagBody(commit: string, name: string, who: Signature, message: string): Buffer {
  return Buffer.from(`object ${commit}\ntype commit\ntag ${name}\ntagger ${signature(who)}\n\n${message}\n`);
}

const TYPE_CODES: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };

/**
 * Incompressible padding is stored (zlib level 0; any level is valid for git): deflating random bytes is 25 times
 * slower and gains nothing. Other objects are small: a small window and state, 2–3 times faster to set up than
 * zlib's defaults.
 */
const deflate = (object: GitObject) =>
  deflateSync(
    object.body,
    object.incompressible
      ? { level: constants.Z_NO_COMPRESSION, chunkSize: object.body.length + 1024 }
      : { level: constants.Z_DEFAULT_COMPRESSION, windowBits: 10, memLevel: 2 },
  );

/** A pack entry's header: type and size, 4 bits then 7 bits a byte, high bit = more. */
function entryHeader(type: ObjectType, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (TYPE_CODES[type] << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
};

export interface Pack {
  /** `pack-<checksum>`: git's own naming. */
  name: string;
  pack: Buffer;
  /** The version-2 index git needs to read the pack. */
  idx: Buffer;
}

/**
 * One pack (no deltas) and its index. The index's offsets are 31-bit: the padding goes last, so only what comes
 * before it (a few kilobytes) must fit.
 */
export function writePack(objects: GitObject[]): Pack {
  const ordered = [...objects.filter((o) => !o.incompressible), ...objects.filter((o) => o.incompressible)];
  const parts: Buffer[] = [Buffer.from('PACK'), u32(2), u32(ordered.length)];
  let offset = 12;
  const entries = ordered.map((object) => {
    if (offset >= 2 ** 31) throw new Error('pack offsets past 2 GiB need the index’s large-offset table');
    const header = entryHeader(object.type, object.body.length);
    const data = deflate(object);
    parts.push(header, data);
    const entry = { oid: object.oid, offset, crc: crc32(data, crc32(header)) };
    offset += header.length + data.length;
    return entry;
  });
  const checksum = createHash('sha1');
  for (const part of parts) checksum.update(part);
  const trailer = checksum.digest();
  const pack = Buffer.concat([...parts, trailer], offset + trailer.length);

  entries.sort((a, b) => (a.oid < b.oid ? -1 : a.oid > b.oid ? 1 : 0));
  const fanout = Buffer.alloc(256 * 4);
  for (let first = 0, at = 0; first < 256; first++) {
    while (at < entries.length && parseInt(entries[at]!.oid.slice(0, 2), 16) <= first) at++;
    fanout.writeUInt32BE(at, first * 4);
  }
  const body = Buffer.concat([
    Buffer.from([0xff, 0x74, 0x4f, 0x63]),
    u32(2),
    fanout,
    ...entries.map((entry) => Buffer.from(entry.oid, 'hex')),
    ...entries.map((entry) => u32(entry.crc)),
    ...entries.map((entry) => u32(entry.offset)),
    trailer,
  ]);
  const idx = Buffer.concat([body, createHash('sha1').update(body).digest()]);
  return { name: `pack-${trailer.toString('hex')}`, pack, idx };
}
