import { useParams } from 'react-router';
import { MigrationPage } from '@/features/migrations/components/migration-page';
import { NotFoundPage } from './not-found';

export function Component() {
  const { migrationId = '' } = useParams();
  if (!/^[1-9]\d{0,15}$/.test(migrationId)) return <NotFoundPage />;
  const id = Number(migrationId);
  return <MigrationPage key={id} scope={{ kind: 'user' }} id={id} />;
}
