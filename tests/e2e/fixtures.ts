import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type Scenario = 'demo' | 'quiet' | 'rate-limit-disabled';

interface SimControl {
  reset(scenario?: Scenario): Promise<void>;
  advance(seconds: number): Promise<void>;
}

/** `sim` drives the simulator's control interface; every test starts from a fresh `quiet` world. */
export const test = base.extend<{ sim: SimControl }>({
  sim: [
    async ({ request }, use) => {
      const control: SimControl = {
        async reset(scenario = 'quiet') {
          const response = await request.post('/__sim/reset', { data: { scenario } });
          expect(response.ok()).toBe(true);
        },
        async advance(seconds) {
          const response = await request.post('/__sim/advance', { data: { seconds } });
          expect(response.ok()).toBe(true);
        },
      };
      await control.reset('quiet');
      await use(control);
    },
    { auto: true },
  ],
});

export { expect };

/** axe: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
  ).toEqual([]);
}
