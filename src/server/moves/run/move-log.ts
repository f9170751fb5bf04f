import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { Move } from '@/contracts/move-run';
import { gatewayError } from '@/server/gateway-error';
import { SANDBOXED_TEXT_POLICY } from '@/server/security';
import { LOG_SUFFIX, MAX_LOG_BYTES } from '../gei/migration-log';

/**
 * `GET /api/moves/{id}/repositories/{name}/log`: the migration log the move saved beside the archive (GitHub deletes
 * its copy 24 hours after the import ends). The file is the one the move's record names, never a path from the URL,
 * and is served only when, symlinks resolved, it lies inside `ARCHIVE_DIR`, is a regular file and is named as
 * `saveMigrationLog` names logs. At most `MAX_LOG_BYTES` (the most a save keeps) are read; a longer file is cut and
 * says so. The text is GitHub's and the source's: served as plain text under a policy that forbids everything.
 */
export type SavedLogRead = { ok: true; bytes: Buffer; size: number } | { ok: false; message: string };

const OUTSIDE = 'The saved log is not a file Ferry serves.';

/** `file` read as the route serves it, or why not (never thrown for the file's own fate). */
export async function readSavedLog(file: string, archiveDir: string): Promise<SavedLogRead> {
  if (file.includes('\0') || !file.endsWith(LOG_SUFFIX)) return { ok: false, message: OUTSIDE };
  const [root, real] = await Promise.all([
    realpath(archiveDir).catch(() => undefined),
    realpath(file).catch(() => undefined),
  ]);
  if (!root || !real) return { ok: false, message: 'The saved log is gone from disk.' };
  const inside = path.relative(root, real);
  if (
    !real.endsWith(LOG_SUFFIX) ||
    inside === '..' ||
    inside.startsWith(`..${path.sep}`) ||
    path.isAbsolute(inside)
  )
    return { ok: false, message: OUTSIDE };
  // No link followed (a swap after realpath), and a FIFO put in its place does not block the open.
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => undefined,
  );
  if (!handle) return { ok: false, message: OUTSIDE };
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, message: OUTSIDE };
    const bytes = Buffer.alloc(Math.min(stat.size, MAX_LOG_BYTES));
    let read = 0;
    while (read < bytes.length) {
      const { bytesRead } = await handle.read(bytes, read, bytes.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { ok: true, bytes: bytes.subarray(0, read), size: stat.size };
  } finally {
    await handle.close();
  }
}

/** The log of the move's repository `name` as the route answers it: the text, or a 404 that says why there is none. */
export async function moveLogAnswer(
  c: Context,
  move: Move,
  name: string | undefined,
  archiveDir: string | undefined,
): Promise<Response> {
  const repo = name === undefined ? undefined : move.repositories.find((found) => found.name === name);
  if (!repo) return gatewayError(c, 404, 'The move has no such repository.', 'NOT_FOUND');
  const file = repo.migration?.logFile;
  if (!file || !archiveDir)
    return gatewayError(
      c,
      404,
      `${repo.name} has no log saved yet: GitHub’s log is fetched when the import ends.`,
      'NOT_FOUND',
    );
  const saved = await readSavedLog(file, archiveDir);
  if (!saved.ok) return gatewayError(c, 404, saved.message, 'NOT_FOUND');
  const cut = saved.size > saved.bytes.length;
  const body = cut
    ? Buffer.concat([
        saved.bytes,
        Buffer.from(
          `\n\n[Ferry: cut here: the saved log holds ${saved.size} bytes, the first ${saved.bytes.length} are shown.]\n`,
        ),
      ])
    : saved.bytes;
  return c.body(new Uint8Array(body), 200, {
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `inline; filename="${repo.name.replace(/[^A-Za-z0-9._-]/g, '_')}-migration-log.txt"`,
    'content-security-policy': SANDBOXED_TEXT_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    ...(cut ? { 'x-ferry-log-cut': String(saved.size) } : {}),
  });
}
