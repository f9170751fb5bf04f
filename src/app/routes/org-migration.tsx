import { useParams } from 'react-router';
import { MigrationPage } from '@/features/migrations/components/migration-page';
import { NotFoundPage } from './not-found';

export function Component() {
  const { org = '', migrationId = '' } = useParams();
  const id = Number(migrationId);
  if (!/^[1-9]\d{0,15}$/.test(migrationId)) return <NotFoundPage />;
  return <MigrationPage key={`${org}/${id}`} scope={{ kind: 'org', org }} id={id} />;
}
