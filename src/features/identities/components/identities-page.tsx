import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isLogin } from '@/contracts/github/names';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { identityQueries } from '../api/identity-queries';
import { IdentityMap } from './identity-map';

/**
 * `/moves/identities?target=<org>`: the target organization's mannequins mapped to its members, the reclaim CSV
 * gh gei reads, attribution invitations sent from Ferry. Opened without a target (the Moves page's "Identities"),
 * it shows the newest move's target.
 */
export function IdentitiesPage() {
  useDocumentTitle('Identities');
  const [params, setParams] = useSearchParams();
  const target = params.get('target') ?? '';
  const [typed, setTyped] = useState(target);
  // The field follows the address when it changes under it (the newest move's target filled in), unless typed in.
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    if (typed.trim() === '') setTyped(target);
  }
  const valid = isLogin(typed.trim());
  const newest = useQuery({ ...identityQueries.newestTarget(), enabled: target === '' });
  const fallback = target === '' && newest.data && isLogin(newest.data) ? newest.data : undefined;
  useEffect(() => {
    // In the address (replacing it: Back still leaves the page), so the page can be shared and reloaded.
    if (fallback) setParams({ target: fallback }, { replace: true });
  }, [fallback, setParams]);
  return (
    <PageContainer
      title="Identities"
      subtitle="Mannequins of a move’s target mapped to its members: reclaim them from Ferry, or with gh gei’s CSV."
    >
      <Stack spacing={3}>
        <Stack
          component="form"
          direction="row"
          sx={{ gap: 1, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) setParams({ target: typed.trim() });
          }}
        >
          <TextField
            size="small"
            label="Target organization"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={typed !== '' && !valid}
            helperText={typed !== '' && !valid ? 'Not a GitHub login' : undefined}
          />
          <Button type="submit" variant="outlined" disabled={!valid}>
            Show
          </Button>
        </Stack>
        {target && isLogin(target) ? <IdentityMap key={target} target={target} /> : null}
      </Stack>
    </PageContainer>
  );
}
