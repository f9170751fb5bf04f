import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { importQueries } from '../api/imports-queries';
import { importHref } from '../paths';
import { isRepositoryName } from '@/contracts/github/names';
import { RetirementNotice } from './retirement-notice';

/** Choose the repository to import into. */
export function ImportsPage() {
  const repositories = useQuery(importQueries.repositories());
  useDocumentTitle('Source imports');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [owner = '', repo = '', ...extra] = value.trim().split('/');
  const problem =
    value.trim() === ''
      ? 'Enter a repository as owner/repo.'
      : extra.length > 0 || !isRepositoryName(owner, repo)
        ? 'Use the form owner/repo, for example octo-org/hello-world.'
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) void navigate(importHref.repo(owner, repo));
  };

  return (
    <PageContainer
      title="Source imports"
      subtitle="Import a Git, Subversion, Mercurial or TFVC repository into a GitHub repository, follow it, fix its problems and map its authors."
    >
      <RetirementNotice />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
        component="section"
        aria-labelledby="choose-title"
      >
        <Typography variant="h6" component="h2" id="choose-title" gutterBottom>
          Repository
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2 }}
        >
          <Autocomplete
            freeSolo
            options={(repositories.data ?? []).map((choice) => choice.fullName)}
            inputValue={value}
            onInputChange={(_event, next) => setValue(next)}
            sx={{ flex: 1 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Repository (owner/repo)"
                error={touched && problem !== undefined}
                helperText={
                  touched && problem
                    ? problem
                    : repositories.isPending
                      ? 'Loading your repositories…'
                      : 'Type or pick a repository you can write to.'
                }
              />
            )}
          />
          <Button type="submit" variant="contained" sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}>
            Open
          </Button>
        </Stack>
        {repositories.isError ? (
          <ErrorAlert
            error={repositories.error}
            severity="warning"
            context="Your repositories could not be listed"
          />
        ) : null}
      </Paper>
    </PageContainer>
  );
}
