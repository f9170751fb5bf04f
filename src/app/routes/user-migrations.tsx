import { MigrationsPage } from '@/features/migrations/components/migrations-page';

export function Component() {
  return <MigrationsPage scope={{ kind: 'user' }} />;
}
