import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRecentTlds } from '../hooks/use-recent-tlds';
import { domainHref } from '../paths';
import { normalizeTld } from '../utils/normalize-tld';
import { RecentLookups } from './recent-lookups';
import { RequirementsPanel } from './requirements-panel';
import { TldLookupForm } from './tld-lookup-form';

/** `/domains?tld=…`: whether and how a TLD can be registered through the registrar’s API. */
export function DomainsPage() {
  const [params, setParams] = useSearchParams();
  const typed = params.get('tld') ?? '';
  const normalized = typed ? normalizeTld(typed) : undefined;
  useDocumentTitle('Domains', normalized?.ok ? `.${normalized.tld}` : undefined);
  const { recent, remember, clear } = useRecentTlds();
  const onLoaded = useCallback((tld: string) => remember(tld), [remember]);

  return (
    <PageContainer
      title="Domains"
      subtitle="Find out in seconds whether a TLD can be registered through the registrar’s API, and build a payload that validates."
      actions={
        <Button
          component={RouterLink}
          to={domainHref.compare(recent.length >= 2 ? recent.slice(0, 3) : ['com', 'us', 'ca'])}
          startIcon={<CompareArrowsOutlined />}
        >
          Compare TLDs
        </Button>
      }
    >
      <Stack sx={{ gap: 2 }}>
        <TldLookupForm
          key={`form:${typed}`}
          initial={normalized?.ok ? (normalized.unicode ?? normalized.tld) : typed}
          onLookup={(tld) => setParams({ tld })}
        />
        <RecentLookups recent={recent} onClear={clear} />
        {normalized && !normalized.ok ? (
          <Typography role="alert" color="error">
            “{typed.slice(0, 80)}” is not a TLD: {normalized.message}
          </Typography>
        ) : null}
        {normalized?.ok ? (
          <RequirementsPanel
            key={`panel:${normalized.tld}`}
            tld={normalized.tld}
            unicode={normalized.unicode}
            onLoaded={onLoaded}
          />
        ) : null}
        {!typed ? (
          <Typography variant="body2" color="text.secondary">
            Try com, ai (a two-year term), co.uk, de, us or ca (website only, with registry requirements).
          </Typography>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
