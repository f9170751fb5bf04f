import { mkdir, open, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Wave } from '@/contracts/waves';
import type { WaveRepository } from './wave-repository';

/**
 * Waves as JSON files under `DATA_DIR/waves/<id>.json`, each written atomically: a temporary file, flushed to
 * disk (fsync), renamed over the old one, and the folder flushed so the rename itself survives a power cut.
 * A kill -9 at any point leaves the previous or the new version, never a mix. Writes to one wave are queued.
 */
const ID = /^[a-z0-9-]{1,64}$/;

async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncFolder(path.dirname(file));
}

export function createJsonFileWaveRepository(dataDir: string): WaveRepository {
  const folder = path.join(dataDir, 'waves');
  let ready: Promise<unknown> | undefined;
  const queue = new Map<string, Promise<void>>();
  const fileOf = (id: string) => {
    if (!ID.test(id)) throw new Error(`Not a wave id: ${id}`);
    return path.join(folder, `${id}.json`);
  };
  const read = async (file: string): Promise<Wave | undefined> => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Wave;
    } catch {
      return undefined;
    }
  };
  return {
    async list() {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch {
        return [];
      }
      const waves = await Promise.all(
        names.filter((name) => name.endsWith('.json')).map((name) => read(path.join(folder, name))),
      );
      return waves
        .filter((wave): wave is Wave => wave !== undefined)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    get: (id) => (ID.test(id) ? read(fileOf(id)) : Promise.resolve(undefined)),
    save(wave) {
      ready ??= mkdir(folder, { recursive: true });
      const text = JSON.stringify(wave);
      const previous = queue.get(wave.id) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => {
          await ready;
          await writeFileAtomic(fileOf(wave.id), text);
        });
      queue.set(wave.id, next);
      return next;
    },
  };
}
