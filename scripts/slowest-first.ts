import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** Seconds each Vitest file took in a full `npm test` (written by `npm run test:durations`). */
export const DURATIONS_FILE = 'tests/file-durations.json';

/**
 * Vitest's order for a run: the longest files first, so the last files to start are short ones and no worker is
 * left alone with a long file at the end. Vitest's own order needs durations from its cache, which a fresh clone
 * (CI) lacks: it then ran files in glob order (first pass 618 s against 552 s with a warm cache). The committed
 * durations give every clone the warm order; a file new since they were written runs first (it may be long).
 * Files that failed last time (this machine's cache) still go first, as Vitest does.
 */
export class SlowestFirst implements TestSequencer {
  private readonly seconds: Map<string, number>;

  constructor(private readonly ctx: Vitest) {
    this.seconds = readDurations(path.join(ctx.config.root, DURATIONS_FILE));
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx).shard(files);
  }

  sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const relative = (spec: TestSpecification) => path.relative(root, spec.moduleId);
    const failed = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(spec)}`)?.failed === true;
    const seconds = (spec: TestSpecification) => this.seconds.get(relative(spec)) ?? Infinity;
    const sorted = [...files].sort(
      (a, b) =>
        // As Vitest: a project's files together, the isolated ones first.
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        a.project.name.localeCompare(b.project.name) ||
        Number(b.project.config.isolate) - Number(a.project.config.isolate) ||
        Number(failed(b)) - Number(failed(a)) ||
        seconds(b) - seconds(a) ||
        relative(a).localeCompare(relative(b)),
    );
    return Promise.resolve(sorted);
  }
}

function readDurations(file: string): Map<string, number> {
  if (!existsSync(file)) return new Map();
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    // An unreadable file only costs the order, never the run.
    return new Map();
  }
}
