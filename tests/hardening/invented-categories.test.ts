import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES,
  KNOWN_RATE_CATEGORIES,
} from '@/contracts/github/rate-categories';
import type { FerryStore } from '@/server/store/ferry-store';
import { openTestStore } from '@/server/store/test-store';
import { inProcessGateway, listen, type Listening } from '@/testing/node-servers';

/**
 * Issue 33, item 5: an upstream that answers each request with a new `x-ratelimit-resource` name (and a new
 * reset) grows neither `/metrics`, nor the rate history's categories, nor alert deliveries without bound.
 */
const REQUESTS = 300;
let store: FerryStore;
let upstream: Listening;
let served = 0;
beforeAll(async () => {
  ({ store } = await openTestStore());
  upstream = await listen(() => {
    served += 1;
    return Response.json(
      { login: 'octocat' },
      {
        headers: {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '3',
          'x-ratelimit-used': '4997',
          'x-ratelimit-reset': String(1_900_000_000 + served),
          'x-ratelimit-resource': `invented_${served}`,
        },
      },
    );
  });
}, 60_000);
afterAll(async () => {
  await upstream.close();
  await store.close();
});

describe('rate-limit categories invented by the upstream', () => {
  it(`${REQUESTS} new names: a bounded number of series, categories and rate-low deliveries`, async () => {
    const gateway = inProcessGateway(
      { GITHUB_TOKEN: 'ghp_FAKE_category_test_token', GITHUB_API_URL: `${upstream.origin}/api/v3` },
      { store, watch: false },
    );
    const added = await gateway.call('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'ops',
        kind: 'webhook',
        url: 'https://receiver.invalid/hook',
        secret: 'a secret of this test',
        events: ['rate-low'],
        rateThresholdPercent: 50,
      }),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    for (let n = 0; n < REQUESTS; n++) expect((await gateway.call('/api/github/user')).status).toBe(200);
    await gateway.runtime.memory.recorder.flush();

    const metrics = await (await gateway.call('/metrics')).text();
    const series = metrics.split('\n').filter((line) => line.startsWith('ferry_rate_limit_remaining{'));
    const cap = DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES + 1;
    expect(series.length).toBeLessThanOrEqual(cap);
    expect(series.some((line) => line.includes('resource="other"'))).toBe(true);

    const recorded = new Set(gateway.runtime.memory.recorder.latest().map((reading) => reading.resource));
    expect(recorded.size).toBeLessThanOrEqual(cap);
    const unknown = [...recorded].filter(
      (name) => !(KNOWN_RATE_CATEGORIES as readonly string[]).includes(name),
    );
    expect(unknown).toContain('other');

    // One rate-low delivery per kept category and hour; `other` alerts no one.
    const deliveries = await store.alerts.deliveries(id, 10_000);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.length).toBeLessThanOrEqual(DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES);
    await gateway.runtime.stopJobs();
  }, 120_000);
});
