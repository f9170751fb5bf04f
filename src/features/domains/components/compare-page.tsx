import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useQueries } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { domainQueries } from '../api/domain-queries';
import { domainPaths } from '../paths';
import { normalizeTldList } from '../utils/normalize-tld';
import { CompareTable } from './compare-table';

export const MAX_COMPARED = 6;

/** `/domains/compare?tlds=com,us,ca`: verdict, term, flags and required fields side by side. */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const fromUrl = normalizeTldList(params.get('tlds') ?? '');
  const tlds = fromUrl.tlds.slice(0, MAX_COMPARED);
  // An address can name more than the page compares: say which were left out instead of dropping them silently.
  const leftOut = fromUrl.tlds.slice(MAX_COMPARED);
  const [value, setValue] = useState(tlds.join(', '));
  const [errors, setErrors] = useState<string[]>([]);
  const results = useQueries({ queries: tlds.map((tld) => domainQueries.requirements(tld)) });
  useDocumentTitle('Compare TLDs', tlds.map((tld) => `.${tld}`).join(', '));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = normalizeTldList(value);
    const problems = [...parsed.errors];
    if (parsed.tlds.length === 0 && problems.length === 0) problems.push('Type at least one TLD.');
    if (parsed.tlds.length > MAX_COMPARED) problems.push(`Compare at most ${MAX_COMPARED} TLDs at once.`);
    setErrors(problems);
    if (problems.length === 0) setParams({ tlds: parsed.tlds.join(',') });
  };

  return (
    <PageContainer
      title="Compare TLDs"
      subtitle="Verdict, term, flags and required fields of several TLDs side by side."
      actions={
        <Button component={RouterLink} to={domainPaths.home}>
          Back to lookup
        </Button>
      }
    >
      <Stack sx={{ gap: 2 }}>
        <Box
          component="form"
          role="search"
          aria-label="Compare TLDs"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            label="TLDs to compare"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={errors.length > 0}
            helperText={
              errors.length > 0
                ? errors.join(' ')
                : 'Separate with commas or spaces, for example com, us, ca.'
            }
            autoComplete="off"
            sx={{ minWidth: { xs: '100%', sm: 360 } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            Compare
          </Button>
        </Box>
        {fromUrl.errors.length > 0 ? (
          <Typography role="alert" color="error">
            Skipped: {fromUrl.errors.join('; ')}
          </Typography>
        ) : null}
        {leftOut.length > 0 ? (
          <Alert severity="warning">
            Comparing the first {MAX_COMPARED} of {fromUrl.tlds.length} TLDs (at most {MAX_COMPARED} at once).
            Left out: {leftOut.map((tld) => `.${tld}`).join(', ')}.
          </Alert>
        ) : null}
        {tlds.length > 0 ? <CompareTable tlds={tlds} results={results} /> : null}
      </Stack>
    </PageContainer>
  );
}
