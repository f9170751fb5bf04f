import { useParams } from 'react-router';
import { MigrationsPage } from '@/features/migrations/components/migrations-page';
import { waveHref } from '@/features/waves/paths';
import { useRememberRecent } from '@/hooks/use-remember-recent';

export function Component() {
  const { org = '' } = useParams();
  useRememberRecent('org', org);
  return <MigrationsPage waveHref={waveHref.wave} key={org} scope={{ kind: 'org', org }} />;
}
