import { MigrationsHome } from '@/features/migrations/components/migrations-home';

export function Component() {
  return <MigrationsHome />;
}
