import { PageContainer } from '@/components/page-container';

// Placeholder until the capability lands; replaced by the feature's page.
export function Component() {
  return <PageContainer title="user-migration">Not built yet.</PageContainer>;
}
