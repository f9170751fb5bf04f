import { useSearchParams } from 'react-router';
import { DomainsPage } from '@/features/domains/components/domains-page';
import { normalizeTld } from '@/features/domains/utils/normalize-tld';
import { useRememberRecent } from '@/hooks/use-remember-recent';

export function Component() {
  const [params] = useSearchParams();
  const typed = params.get('tld');
  const tld = typed ? normalizeTld(typed) : undefined;
  useRememberRecent('tld', tld?.ok ? tld.tld : undefined);
  return <DomainsPage />;
}
