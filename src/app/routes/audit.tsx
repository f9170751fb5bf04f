import { AuditPage } from '@/features/audit/components/audit-page';

export function Component() {
  return <AuditPage />;
}
