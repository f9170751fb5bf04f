import { ImportsPage } from '@/features/imports/components/imports-page';

export function Component() {
  return <ImportsPage />;
}
