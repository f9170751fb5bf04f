import { expect, it } from 'vitest';
import { createSimulator } from '../simulator';
import { REGISTRAR_PREFIX } from './envelope';
import { SIM_REGISTRAR_KEYS } from './keys';

it("the registrar's Date is its own real clock, so its 429's X-RateLimit-Reset is never before it", async () => {
  // A simulated GitHub a day ahead (as SIM_SPEED or /__sim/advance make it): the registrar is another service.
  const sim = createSimulator({ speed: 0, startMs: Date.now() + 86_400_000 });
  const ask = () =>
    sim.fetch(
      new Request(`http://sim.test${REGISTRAR_PREFIX}/domain/getRegistrationRequirements/com`, {
        headers: {
          'x-api-key': SIM_REGISTRAR_KEYS.apiKey,
          'x-secret-api-key': SIM_REGISTRAR_KEYS.secretApiKey,
        },
      }),
    );
  let answer = await ask();
  for (let i = 0; i < 10 && answer.status !== 429; i += 1) answer = await ask();
  expect(answer.status).toBe(429);
  const dateS = Date.parse(answer.headers.get('date') ?? '') / 1000;
  expect(Math.abs(dateS - Date.now() / 1000)).toBeLessThan(5);
  expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(dateS));
  // GitHub's answers keep the simulated clock.
  const github = await sim.fetch(new Request('http://sim.test/api/v3/meta'));
  expect(Date.parse(github.headers.get('date') ?? '') - Date.now()).toBeGreaterThan(86_000_000);
});
