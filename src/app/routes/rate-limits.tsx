import { RateLimitsPage } from '@/features/rate-limits/components/rate-limits-page';

export function Component() {
  return <RateLimitsPage />;
}
