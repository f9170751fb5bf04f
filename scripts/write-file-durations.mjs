// `npm run test:durations`: after `npm test`, write how long each file of the first Vitest pass took
// (reports/vitest.json) to tests/file-durations.json, the order scripts/slowest-first.ts gives every clone.
// Worth running again when files are added or grow slower; a stale list only costs order, never a test.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(path.join(root, 'reports/vitest.json'), 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(path.join(root, 'tests/file-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`tests/file-durations.json: ${Object.keys(durations).length} files`);
