import { IdentitiesPage } from '@/features/identities/components/identities-page';

export function Component() {
  return <IdentitiesPage />;
}
