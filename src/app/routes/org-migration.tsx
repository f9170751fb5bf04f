import { useMemo } from 'react';
import { useParams } from 'react-router';
import { MigrationPage } from '@/features/migrations/components/migration-page';
import type { MigrationScope } from '@/features/migrations/utils/scope';
import { MigrationNotifications } from './follow-notifications';
import { NotFoundPage } from './not-found';

export function Component() {
  const { org = '', migrationId = '' } = useParams();
  const scope = useMemo<MigrationScope>(() => ({ kind: 'org', org }), [org]);
  const id = Number(migrationId);
  if (!/^[1-9]\d{0,15}$/.test(migrationId)) return <NotFoundPage />;
  return (
    <>
      <MigrationNotifications key={`n:${org}/${id}`} scope={scope} id={id} />
      <MigrationPage key={`${org}/${id}`} scope={scope} id={id} />
    </>
  );
}
