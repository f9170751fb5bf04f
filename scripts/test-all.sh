#!/usr/bin/env bash
# Every test Ferry has: Vitest (unit, component, simulator, gateway, contract; the store on its embedded
# PGlite), the store, watcher and team suites again on a real PostgreSQL server (scripts/with-postgres.sh starts a
# throw-away one), and Playwright (the production build in Debian Chromium). Ends with one summary line:
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/*.json reports/*.log reports/lanes.txt

# `lane NAME command…` runs a command and notes how long it took in reports/lanes.txt (printed at the end).
lane() {
  local name=$1 started=$SECONDS status
  shift
  "$@"
  status=$?
  echo "$(printf '%5d' $((SECONDS - started))) s  $name" >> reports/lanes.txt
  return $status
}

echo "== build (production bundle for the browser tests, and the server every suite starts as a process)"
# The server's bundle goes to a folder of this run inside the repository (its imports resolve from
# node_modules; never dist-server/, `npm start`'s): the gateways the suites start run it as `npm start` would, at
# 2.3 CPU-s to a first answer against 3.9 through tsx (src/testing/gateway-process.ts).
mkdir -p node_modules/.cache
BUILT_GATEWAY_DIR="$(mktemp -d "$PWD/node_modules/.cache/ferry-test-gateway.XXXXXX")"
trap 'rm -rf "$BUILT_GATEWAY_DIR"' EXIT
# The browser bundle is built with the hardening suite's fake credentials in the environment: that suite scans
# this build for them (tests/hardening/secrets.test.ts) instead of building its own (13 CPU-s).
mapfile -t FAKE_CREDENTIALS < <(node -e 'for (const [k, v] of Object.entries(require("./tests/hardening/fake-credentials.json"))) console.log(`${k}=${v}`)')
lane build bash -c "env ${FAKE_CREDENTIALS[*]} npx vite build --logLevel warn && npx vite build --ssr src/server/main.ts --outDir '$BUILT_GATEWAY_DIR' --logLevel warn" \
  || { echo "0 passed, 1 failed"; exit 1; }
export FERRY_BUILT_GATEWAY="$BUILT_GATEWAY_DIR/main.js"
export FERRY_BUILT_DIST_WITH_FAKE_CREDENTIALS="$PWD/dist"

# Every pass starts at once and the machine stays busy until the last ends: Playwright (one worker driving
# Chromium and a gateway) is the longest chain, the PostgreSQL pass (one file at a time: its suites share one
# database) and the team suites (gateway processes that mostly wait on leases) are the next, and the first
# Vitest pass (several workers, vite.config.ts) fills the cores around them. Lanes run in stages before
# (first pass ‖ PostgreSQL, then Playwright ‖ team) left a third of the machine idle: 853 s for 1,280 CPU-s.
# Background lanes write to reports/*.log, printed after the first pass so the output stays readable.
echo "== the PostgreSQL pass, the team suites and Playwright start beside the first Vitest pass (their output follows it)"
# Only the suites a server changes: these open the embedded store (or none) whatever DATABASE_URL says, and run
# in the first pass.
EMBEDDED_ONLY=(
  src/server/jobs/engine-unavailable.test.ts
  src/server/store/embedded-memory.test.ts
  src/server/store/restore-swap.test.ts
  src/server/store/store-lock.test.ts
  src/server/store/store-template.test.ts
  src/server/store/verified-dump.test.ts
  src/server/watch/watch-entry.test.ts
  src/server/watch/watch-interval.test.ts
)
TEAM_SUITES=(src/server/jobs/team.test.ts src/server/watch/team-processes.test.ts src/server/moves/run/move-team.test.ts)
lane "PostgreSQL pass" bash scripts/with-postgres.sh npx vitest run src/server/store src/server/watch src/server/jobs \
  "${EMBEDDED_ONLY[@]/#/--exclude=}" "${TEAM_SUITES[@]/#/--exclude=}" \
  --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json > reports/postgres.log 2>&1 &
postgres_pid=$!

FERRY_TEST_WORKERS=2 lane "team suites" bash scripts/with-postgres.sh npx vitest run "${TEAM_SUITES[@]}" \
  --reporter=default --reporter=json --outputFile.json=reports/vitest-team.json > reports/team.log 2>&1 &
team_pid=$!

# One process: its tests drive Chromium and a gateway, CPU work that two shards on 2 cores only slowed down
# (shards of 469 s and 578 s side by side against 372–408 s for all of them in one).
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/reports/playwright.json" \
  lane Playwright npx playwright test -c tests/e2e/playwright.config.ts --reporter=list,json > reports/playwright.log 2>&1 &
playwright_pid=$!

echo "== vitest"
# At nice 5 the first pass yields to the longest chain (Playwright's Chromium and gateway, then the team suites):
# it fills the cores around them instead of stretching them (530–570 s against 637 s at equal priority).
lane "first Vitest pass" nice -n 5 npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
vitest_status=$?

wait $postgres_pid
postgres_status=$?
echo "== the store, watcher and job suites on a real PostgreSQL server (ran beside the first pass)"
cat reports/postgres.log

wait $team_pid
team_status=$?
echo "== the team suites on a real PostgreSQL server (ran beside the first pass)"
cat reports/team.log

wait $playwright_pid
playwright_status=$?
echo "== playwright (ran beside the first pass)"
cat reports/playwright.log
echo "== the lanes (wall time; side by side as above)"
cat reports/lanes.txt
echo "$(printf '%5d' $SECONDS) s  npm test, whole"

node -e '
const fs = require("node:fs");
const read = (file) => { try { return JSON.parse(fs.readFileSync(file, "utf8")); } catch { return undefined; } };
const v = read("reports/vitest.json");
const playwrightReports = [read("reports/playwright.json")];
const pg = read("reports/vitest-postgres.json");
const team = read("reports/vitest-team.json");
let passed = 0, failed = 0;
if (v) { passed += v.numPassedTests; failed += v.numFailedTests + (v.numTotalTests === 0 ? 1 : 0); } else failed += 1;
for (const report of [pg, team]) {
  if (report) { passed += report.numPassedTests; failed += report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0); } else failed += 1;
}
for (const p of playwrightReports) {
  if (p) { passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0); failed += p.stats.unexpected ?? 0; } else failed += 1;
}
if (passed + failed === 0) { console.error("no tests ran"); process.exit(1); }
// The ten slowest files of all three passes: where the next minute of waiting is.
const files = [];
for (const [pass, report] of [["vitest", v], ["postgres", pg], ["postgres", team]])
  for (const file of report?.testResults ?? []) files.push([file.endTime - file.startTime, pass, file.name]);
const playwrightMs = new Map();
const walk = (suite) => {
  for (const child of suite.suites ?? []) walk(child);
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? [])
        playwrightMs.set(spec.file, (playwrightMs.get(spec.file) ?? 0) + (result.duration ?? 0));
};
for (const p of playwrightReports) for (const suite of p?.suites ?? []) walk(suite);
for (const [file, ms] of playwrightMs) files.push([ms, "playwright", `tests/e2e/${file}`]);
console.log("== the ten slowest test files");
for (const [ms, pass, name] of files.sort((a, b) => b[0] - a[0]).slice(0, 10))
  console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${pass.padEnd(10)} ${String(name).replace(process.cwd() + "/", "")}`);
// The failed tests by name, last: a CI log often shows only its tail.
const failures = [];
for (const [pass, report] of [["vitest", v], ["postgres", pg], ["postgres", team]])
  for (const file of report?.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === "failed") failures.push(`${pass.padEnd(10)} ${String(file.name).replace(process.cwd() + "/", "")} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
// A file that failed with no failed test (its set-up threw, its tests were skipped) is a failure too.
for (const [pass, report] of [["vitest", v], ["postgres", pg], ["postgres", team]])
  for (const file of report?.testResults ?? [])
    if (file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed")) {
      failed += 1;
      failures.push(`${pass.padEnd(10)} ${String(file.name).replace(process.cwd() + "/", "")}: ${String(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
const walkFailed = (suite) => {
  for (const child of suite.suites ?? []) walkFailed(child);
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === "unexpected") failures.push(`${"playwright".padEnd(10)} tests/e2e/${spec.file} > ${spec.title}: ${String(test.results?.at(-1)?.error?.message ?? "").split("\n")[0].slice(0, 300)}`);
};
for (const p of playwrightReports) for (const suite of p?.suites ?? []) walkFailed(suite);
if (failures.length) { console.log("== the failed tests"); for (const line of failures) console.log(line); }
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
'
summary_status=$?
if [ $vitest_status -ne 0 ] || [ $postgres_status -ne 0 ] || [ $team_status -ne 0 ] || [ $playwright_status -ne 0 ] || [ $summary_status -ne 0 ]; then exit 1; fi
