import { MigrationsPage } from '@/features/migrations/components/migrations-page';
import { waveHref } from '@/features/waves/paths';

export function Component() {
  return <MigrationsPage waveHref={waveHref.wave} scope={{ kind: 'user' }} />;
}
