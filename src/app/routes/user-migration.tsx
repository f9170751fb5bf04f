import { useParams } from 'react-router';
import { MigrationPage } from '@/features/migrations/components/migration-page';
import { MigrationNotifications } from './follow-notifications';
import { NotFoundPage } from './not-found';

const USER = { kind: 'user' } as const;

export function Component() {
  const { migrationId = '' } = useParams();
  if (!/^[1-9]\d{0,15}$/.test(migrationId)) return <NotFoundPage />;
  const id = Number(migrationId);
  return (
    <>
      <MigrationNotifications key={`n:${id}`} scope={USER} id={id} />
      <MigrationPage key={id} scope={USER} id={id} />
    </>
  );
}
