import { useParams } from 'react-router';
import { MigrationsPage } from '@/features/migrations/components/migrations-page';

export function Component() {
  const { org = '' } = useParams();
  return <MigrationsPage key={org} scope={{ kind: 'org', org }} />;
}
