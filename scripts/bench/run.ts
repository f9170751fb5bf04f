/**
 * `npm run bench`: measure every figure in figures.ts and print one table. Loopback only, bounded, a few
 * minutes at most on 2 cores; never part of `npm test`. `npm run bench -- render overhead` runs a subset; a figure
 * named also runs those `partOf` it (`npm run bench -- move` runs `move-team` too).
 * `npm run bench -- --smoke`: every figure runs every step at tiny sizes (about 3 minutes in all, a minute of it
 * the team figure's PostgreSQL team and job expiry), nothing is judged, and the exit code says whether every
 * figure ran; CI runs it so the suite cannot rot.
 */
import { createContext } from './context';
import { FIGURES } from './figures';
import type { BenchRow } from './types';

const smoke = process.argv.includes('--smoke');
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const figures =
  wanted.length > 0
    ? FIGURES.filter(
        (figure) =>
          wanted.includes(figure.id) || (figure.partOf !== undefined && wanted.includes(figure.partOf)),
      )
    : FIGURES.filter((figure) => smoke || !figure.explicitOnly);
if (figures.length === 0) {
  console.error(`No such figure. Known: ${FIGURES.map((figure) => figure.id).join(', ')}`);
  process.exit(2);
}

const context = createContext(smoke);
const rows: BenchRow[] = [];
const started = performance.now();
let failed = false;
for (const figure of figures) {
  process.stderr.write(`» ${figure.title}\n`);
  const figureStarted = performance.now();
  try {
    const measured = await figure.run(context);
    // A smoke run's sizes are too small to mean anything: no figure is judged.
    rows.push(...(smoke ? measured.map((row) => ({ ...row, verdict: 'smoke' })) : measured));
  } catch (error) {
    failed = true;
    rows.push({
      figure: figure.title,
      value: 'error',
      goal: '—',
      verdict: 'not measured',
      how: error instanceof Error ? error.message : String(error),
    });
  }
  if (smoke) context.log(`${figure.id}: ${((performance.now() - figureStarted) / 1000).toFixed(1)} s`);
}
context.dispose();

const columns: (keyof BenchRow)[] = ['figure', 'value', 'goal', 'verdict', 'how'];
const escape = (text: string) => text.replace(/\|/g, '\\|');
console.log(
  `\nFerry benchmarks — ${new Date().toISOString()}, Node ${process.version}, ${(performance.now() - started) / 1000 > 0 ? `${((performance.now() - started) / 1000).toFixed(0)} s` : ''}\n`,
);
if (smoke)
  console.log(
    'SMOKE RUN (--smoke): tiny sizes and short durations, only to show that every figure still runs. These figures mean nothing; run `npm run bench` to measure.\n',
  );
console.log(`| ${columns.join(' | ')} |`);
console.log(`|${columns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${columns.map((column) => escape(row[column])).join(' | ')} |`);
process.exit(failed ? 1 : 0);
