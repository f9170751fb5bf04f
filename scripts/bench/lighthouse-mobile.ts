import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { callJson, startBenchGateway } from './bench-browser';
import { verdict, type BenchFigure } from './types';

const SCORE_GOAL = 95;
const FCP_GOAL_MS = 1_800;

const PAGES: [string, string][] = [
  ['overview (first page)', '/'],
  ['rate limits', '/rate-limits'],
  ['migrations', '/migrations/orgs/octo-org'],
  ['a migration', '/migrations/orgs/octo-org/1'],
  ['an import (author editor)', '/imports/octo-org/hello-world'],
  ['domains', '/domains?tld=com'],
  ['compare', '/domains/compare?tlds=com,us,ca'],
  ['connection', '/connection'],
  ['waves', '/waves'],
];

/**
 * Lighthouse 12's mobile performance audit (its defaults: a mid-range phone, simulated slow 4G throttling) of
 * every page, the production build served by the gateway with the embedded simulator, Debian's Chromium.
 */
export const lighthouseMobile: BenchFigure = {
  id: 'lighthouse',
  title: 'Lighthouse mobile performance per page',
  async run(context) {
    const dist = await context.distDir();
    const server = await startBenchGateway(dist);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
    });
    try {
      await callJson(server.origin, '/api/github/orgs/octo-org/migrations', {
        method: 'POST',
        body: { repositories: ['hello-world'] },
      });
      await callJson(server.origin, '/api/github/repos/octo-org/hello-world/import', {
        method: 'PUT',
        body: { vcs_url: 'http://svn.example.com/svn/authors-40', vcs: 'subversion' },
      });
      await callJson(server.origin, '/__sim/advance', { method: 'POST', body: { seconds: 65 } });
      const rows = [];
      for (const [name, path] of PAGES) {
        context.log(`lighthouse: ${name} (${path})`);
        const result = await lighthouse(`${server.origin}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        const lhr = result?.lhr;
        const score = Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100);
        const fcp = lhr?.audits['first-contentful-paint']?.numericValue ?? Number.NaN;
        const lcp = lhr?.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        const tbt = lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN;
        const ok = score >= SCORE_GOAL && fcp <= FCP_GOAL_MS;
        rows.push({
          figure: `Lighthouse mobile, ${name}: score / FCP / LCP / TBT`,
          value: `${score} / ${(fcp / 1000).toFixed(1)} s / ${(lcp / 1000).toFixed(1)} s / ${Math.round(tbt)} ms`,
          goal: '≥ 95, FCP ≤ 1.8 s',
          verdict: verdict(
            ok,
            score < SCORE_GOAL
              ? `${SCORE_GOAL - score} points`
              : `${Math.round(fcp - FCP_GOAL_MS)} ms of FCP`,
          ),
          how: `Lighthouse ${lhr?.lighthouseVersion ?? '12'} (performance only, mobile defaults: simulated throttling) on ${path}, production build via the gateway + simulator on loopback, Debian Chromium headless`,
        });
      }
      return rows;
    } finally {
      chrome.kill();
      await server.close();
    }
  },
};
