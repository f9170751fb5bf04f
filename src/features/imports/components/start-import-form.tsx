import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PausedWritesNote } from '@/components/paused-writes-note';
import { useGithubPause } from '@/hooks/use-github-pause';
import { ErrorAlert } from '@/components/error-alert';
import { isApiError } from '@/lib/api-error';
import { useStartImport, type StartImportInput } from '../api/start-import';
import { CredentialPicker } from '@/components/credential-picker';
import { sourceUrlProblem, VCS_OPTIONS, type VcsOption } from '../utils/source-url';

export interface StartImportFormProps {
  owner: string;
  repo: string;
  /** Prefill (e.g. after cancelling an import whose URL had nothing to import). */
  initialUrl?: string;
  initialVcs?: VcsOption;
}

/** Start an import. Credentials are sent once, in this request, and never stored in the browser. */
export function StartImportForm({
  owner,
  repo,
  initialUrl = '',
  initialVcs = 'detect',
}: StartImportFormProps) {
  const start = useStartImport(owner, repo);
  const paused = useGithubPause();
  const [url, setUrl] = useState(initialUrl);
  const [touched, setTouched] = useState(initialUrl !== '');
  const [vcs, setVcs] = useState<VcsOption>(initialVcs);
  const [needsAuth, setNeedsAuth] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [project, setProject] = useState('');
  const [credential, setCredential] = useState<string>();
  /** Credentials are checked on submit only: a prefilled URL must not make the empty password red. */
  const [submitted, setSubmitted] = useState(false);

  const urlProblem = sourceUrlProblem(url);
  const serverFieldError = (field: string) =>
    isApiError(start.error) ? start.error.fieldErrors.find((error) => error.field === field) : undefined;
  const urlServerError = serverFieldError('vcs_url');
  const credentialsMissing = needsAuth && (username.trim() === '' || password === '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setSubmitted(true);
    if (urlProblem || credentialsMissing) return;
    const input: StartImportInput = { vcs_url: url.trim() };
    if (vcs !== 'detect') input.vcs = vcs;
    if (needsAuth) {
      input.vcs_username = username.trim();
      input.vcs_password = password;
    }
    if (vcs === 'tfvc' && project.trim()) input.tfvc_project = project.trim();
    start.mutate(
      { input, credential },
      {
        onSuccess: () => {
          setPassword('');
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="start-import-title"
    >
      <Typography variant="h6" component="h2" id="start-import-title" gutterBottom>
        Start an import into {owner}/{repo}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        This repository has no import. Name the repository to import from.
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2, maxWidth: 640 }}>
        <CredentialPicker
          operation="migrations/start-import"
          value={credential}
          onChange={setCredential}
          disabled={start.isPending}
        />
        <TextField
          label="Source URL"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onBlur={() => setTouched(true)}
          required
          error={(touched && urlProblem !== undefined) || urlServerError !== undefined}
          helperText={
            (touched ? urlProblem : undefined) ??
            urlServerError?.message ??
            'For example http://svn.example.com/svn/myproject'
          }
          inputMode="url"
          autoComplete="off"
        />
        <TextField
          select
          label="Version control system"
          value={vcs}
          onChange={(event) => setVcs(event.target.value as VcsOption)}
          helperText={
            vcs === 'detect'
              ? undefined
              : 'GitHub ended imports from Mercurial, Subversion and TFVC on github.com in October 2023.'
          }
        >
          {VCS_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {vcs === 'detect' ? (
          <Alert severity="warning" role="note">
            Detecting the system adds a detection step before the import starts, so it takes longer. Choose
            the system if you know it.
          </Alert>
        ) : null}
        {vcs === 'tfvc' ? (
          <TextField
            label="TFVC project"
            value={project}
            onChange={(event) => setProject(event.target.value)}
            helperText="The project to import, when the server holds several."
          />
        ) : null}
        <FormControlLabel
          control={<Checkbox checked={needsAuth} onChange={(event) => setNeedsAuth(event.target.checked)} />}
          label="The source needs a username and password"
        />
        {needsAuth ? (
          <Stack sx={{ gap: 2 }}>
            <TextField
              label="Source username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
              required
              error={submitted && username.trim() === ''}
              helperText={submitted && username.trim() === '' ? 'Enter the username.' : undefined}
            />
            <TextField
              label="Source password"
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="new-password"
              required
              error={submitted && password === ''}
              helperText={
                submitted && password === ''
                  ? 'Enter the password.'
                  : 'Sent once to GitHub for the source; Ferry does not store it.'
              }
            />
          </Stack>
        ) : null}
        {start.isError && !urlServerError ? (
          <ErrorAlert error={start.error} context="The import did not start" />
        ) : null}
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={start.isPending || paused !== undefined}>
            {start.isPending ? 'Starting…' : 'Start import'}
          </Button>
          <PausedWritesNote reason={paused?.reason} />
        </Stack>
      </Stack>
    </Paper>
  );
}
