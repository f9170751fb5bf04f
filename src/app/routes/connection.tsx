import { ConnectionPage } from '@/features/connection/components/connection-page';

export function Component() {
  return <ConnectionPage />;
}
