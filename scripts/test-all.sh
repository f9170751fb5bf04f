#!/usr/bin/env bash
# Every test Ferry has: Vitest (unit, component, simulator, gateway, contract; the store on its embedded
# PGlite), the store, watcher and team suites again on a real PostgreSQL server (scripts/with-postgres.sh starts a
# throw-away one), and Playwright (the production build in Debian Chromium). Ends with one summary line:
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/vitest.json reports/playwright.json

echo "== build (production bundle for the browser tests)"
npx vite build --logLevel warn || { echo "0 passed, 1 failed"; exit 1; }

echo "== vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
vitest_status=$?

echo "== store on a real PostgreSQL server"
bash scripts/with-postgres.sh npx vitest run src/server/store src/server/watch src/server/jobs --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json
postgres_status=$?

echo "== playwright"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/reports/playwright.json" npx playwright test -c tests/e2e/playwright.config.ts --reporter=list,json
playwright_status=$?

node -e '
const fs = require("node:fs");
const read = (file) => { try { return JSON.parse(fs.readFileSync(file, "utf8")); } catch { return undefined; } };
const v = read("reports/vitest.json");
const p = read("reports/playwright.json");
const pg = read("reports/vitest-postgres.json");
let passed = 0, failed = 0;
if (v) { passed += v.numPassedTests; failed += v.numFailedTests + (v.numTotalTests === 0 ? 1 : 0); } else failed += 1;
if (pg) { passed += pg.numPassedTests; failed += pg.numFailedTests + (pg.numTotalTests === 0 ? 1 : 0); } else failed += 1;
if (p) { passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0); failed += p.stats.unexpected ?? 0; } else failed += 1;
if (passed + failed === 0) { console.error("no tests ran"); process.exit(1); }
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
'
summary_status=$?
if [ $vitest_status -ne 0 ] || [ $postgres_status -ne 0 ] || [ $playwright_status -ne 0 ] || [ $summary_status -ne 0 ]; then exit 1; fi
