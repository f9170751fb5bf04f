import { createHash } from 'node:crypto';
import { constants, deflateSync } from 'node:zlib';

/**
 * Git's loose object format, encoded with Node's own SHA-1 and zlib. isomorphic-git writes the same bytes but
 * through Web Streams and WebCrypto, about 2 ms an object: 15 times slower, too slow for big-org's 500
 * repositories (measured in docs/target-world.md). Tests read the result back with isomorphic-git and `git fsck`.
 */
export interface GitObject {
  oid: string;
  /** `objects/ab/cdef…` */
  path: string;
  /** The zlib-deflated `<type> <size>\0<body>`. */
  deflated: Buffer;
}

export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';

/**
 * Above this size a body is incompressible padding: store it (zlib level 0, any level is valid for git). Level 1
 * deflates random bytes 25 times slower than storing them and gains nothing.
 */
const FAST_LEVEL_FROM = 64 * 1024;

export function encodeObject(type: ObjectType, body: Buffer): GitObject {
  const wrapped = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
  const oid = createHash('sha1').update(wrapped).digest('hex');
  const level = body.length >= FAST_LEVEL_FROM ? constants.Z_NO_COMPRESSION : constants.Z_DEFAULT_COMPRESSION;
  return {
    oid,
    path: `objects/${oid.slice(0, 2)}/${oid.slice(2)}`,
    deflated: deflateSync(wrapped, { level }),
  };
}

export interface TreeEntry {
  name: string;
  kind: 'blob' | 'tree';
  oid: string;
}

/** Git sorts tree entries by bytes, a subtree's name as if it ended in '/'. */
const sortKey = (entry: TreeEntry) => (entry.kind === 'tree' ? `${entry.name}/` : entry.name);

export function treeBody(entries: TreeEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) =>
    Buffer.compare(Buffer.from(sortKey(a)), Buffer.from(sortKey(b))),
  );
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
