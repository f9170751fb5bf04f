import { AlertsPage } from '@/features/alerts/components/alerts-page';

export function Component() {
  return <AlertsPage />;
}
