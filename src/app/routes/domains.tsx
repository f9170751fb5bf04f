import { DomainsPage } from '@/features/domains/components/domains-page';

export function Component() {
  return <DomainsPage />;
}
