import { useSearchParams } from 'react-router';
import { DomainsPage } from '@/features/domains/components/domains-page';
import { useRememberRecent } from '@/hooks/use-remember-recent';

export function Component() {
  const [params] = useSearchParams();
  useRememberRecent('tld', params.get('tld')?.trim().toLowerCase().replace(/^\./, '') || undefined);
  return <DomainsPage />;
}
