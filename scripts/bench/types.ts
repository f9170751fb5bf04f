/** One line of the table `npm run bench` prints. */
export interface BenchRow {
  figure: string;
  value: string;
  goal: string;
  /** "met", "missed (by …)", or "—" when there is no goal; "smoke" for every row of a smoke run. */
  verdict: string;
  /** What it measures and how, in a sentence. */
  how: string;
}

export interface BenchContext {
  /** The production build (with `.vite/manifest.json`), built once into a temporary folder. */
  distDir(): Promise<string>;
  /** The reference pages (scripts/bench/reference-pages.ts), built once into a temporary folder. */
  referenceDir(): Promise<string>;
  log(message: string): void;
  /**
   * `npm run bench -- --smoke`: every figure runs every step (build, servers, browser, clicks, store) at tiny
   * sizes and short durations, so the suite cannot rot; its figures mean nothing and are not judged.
   */
  smoke: boolean;
  /** A figure's size or duration: `full` normally, `smoke` in a smoke run. */
  size<T>(full: T, smoke: T): T;
}

/** A figure: a module that measures one thing, bounded in time, loopback only. */
export interface BenchFigure {
  id: string;
  title: string;
  /** Measured only when named (`npm run bench -- <id>`) or in a smoke run: too long, or a tool rather than a figure. */
  explicitOnly?: boolean;
  /** Measured too when this other figure is named (`npm run bench -- move` runs `move-team` as well). */
  partOf?: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export function verdict(ok: boolean, missedBy?: string): string {
  return ok ? 'met' : `missed${missedBy ? ` by ${missedBy}` : ''}`;
}
