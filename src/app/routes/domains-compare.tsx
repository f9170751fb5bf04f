import { ComparePage } from '@/features/domains/components/compare-page';

export function Component() {
  return <ComparePage />;
}
