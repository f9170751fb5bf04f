/**
 * `npm run bench`: measure every figure in figures.ts and print one table. Loopback only, bounded, a few
 * minutes at most on 2 cores; never part of `npm test`. `npm run bench -- render overhead` runs a subset.
 */
import { createContext } from './context';
import { FIGURES } from './figures';
import type { BenchRow } from './types';

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const figures = wanted.length > 0 ? FIGURES.filter((figure) => wanted.includes(figure.id)) : FIGURES;
if (figures.length === 0) {
  console.error(`No such figure. Known: ${FIGURES.map((figure) => figure.id).join(', ')}`);
  process.exit(2);
}

const context = createContext();
const rows: BenchRow[] = [];
const started = performance.now();
let failed = false;
for (const figure of figures) {
  process.stderr.write(`» ${figure.title}\n`);
  try {
    rows.push(...(await figure.run(context)));
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
}
context.dispose();

const columns: (keyof BenchRow)[] = ['figure', 'value', 'goal', 'verdict', 'how'];
const escape = (text: string) => text.replace(/\|/g, '\\|');
console.log(
  `\nFerry benchmarks — ${new Date().toISOString()}, Node ${process.version}, ${(performance.now() - started) / 1000 > 0 ? `${((performance.now() - started) / 1000).toFixed(0)} s` : ''}\n`,
);
console.log(`| ${columns.join(' | ')} |`);
console.log(`|${columns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${columns.map((column) => escape(row[column])).join(' | ')} |`);
process.exit(failed ? 1 : 0);
