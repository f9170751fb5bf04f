import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { useUpdateImport } from '../api/update-import';
import { problemOf } from '../utils/import-phase';
import type { ProjectChoice, SourceImport } from '@/contracts/github/source-import';

interface RemedyProps {
  owner: string;
  repo: string;
  item: SourceImport;
  onCancelAndRetry: (url: string) => void;
  onRestart: () => void;
}

function CredentialsForm({ owner, repo, detection }: { owner: string; repo: string; detection: boolean }) {
  const update = useUpdateImport(owner, repo);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    update.mutate(
      { kind: 'credentials', vcs_username: username.trim(), vcs_password: password },
      // The field is emptied for the next try; it is not an error until the user submits it empty.
      {
        onSettled: () => {
          setPassword('');
          setTouched(false);
        },
      },
    );
  };
  return (
    <Alert severity="warning" role="region" aria-label="Credentials needed">
      <AlertTitle>{detection ? 'Detection needs a login' : 'The source refused access'}</AlertTitle>
      {detection
        ? 'The source asks for a username and password before its version control system can be detected.'
        : 'The source needs a username and password to continue the import.'}{' '}
      Give them here: GitHub uses them for this import; Ferry does not keep them.
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2, mt: 2, maxWidth: 420 }}>
        <TextField
          size="small"
          label="Source username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          required
          error={touched && !username.trim()}
          helperText={touched && !username.trim() ? 'Enter the username.' : undefined}
        />
        <TextField
          size="small"
          label="Source password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          required
          error={touched && !password}
          helperText={touched && !password ? 'Enter the password.' : undefined}
        />
        {update.isError ? <ErrorAlert error={update.error} context="The credentials were not sent" /> : null}
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Send credentials
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}

function choiceLabel(choice: ProjectChoice): string {
  return choice.human_name ?? choice.tfvc_project ?? Object.values(choice).join(' · ');
}

function ProjectChoiceForm({
  owner,
  repo,
  choices,
}: {
  owner: string;
  repo: string;
  choices: ProjectChoice[];
}) {
  const update = useUpdateImport(owner, repo);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choice = selected === undefined ? undefined : choices[selected];
    if (choice) update.mutate({ kind: 'project', choice });
  };
  return (
    <Alert severity="warning" role="region" aria-label="Project choice needed">
      <AlertTitle>Several projects at this URL</AlertTitle>
      The source holds more than one project. Choose the one to import.
      <Stack component="form" onSubmit={submit} sx={{ gap: 2, mt: 1 }}>
        <FormControl>
          <FormLabel id="project-choice-label">Project</FormLabel>
          <RadioGroup
            aria-labelledby="project-choice-label"
            value={selected === undefined ? '' : String(selected)}
            onChange={(event) => setSelected(Number(event.target.value))}
          >
            {choices.map((choice, index) => (
              <FormControlLabel
                key={index}
                value={String(index)}
                control={<Radio />}
                label={choiceLabel(choice)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {update.isError ? <ErrorAlert error={update.error} context="The choice was not sent" /> : null}
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={selected === undefined || update.isPending}>
            Import this project
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}

/** Each problem state's exact remedy. */
export function RemedyPanel({ owner, repo, item, onCancelAndRetry, onRestart }: RemedyProps) {
  const problem = problemOf(item.status);
  switch (problem) {
    case 'auth_failed':
    case 'detection_needs_auth':
      return <CredentialsForm owner={owner} repo={repo} detection={problem === 'detection_needs_auth'} />;
    case 'detection_found_multiple':
      return <ProjectChoiceForm owner={owner} repo={repo} choices={item.projectChoices} />;
    case 'detection_found_nothing':
      return (
        <Alert
          severity="warning"
          role="region"
          aria-label="Nothing found"
          action={
            <Button color="inherit" onClick={() => onCancelAndRetry(item.vcsUrl)}>
              Cancel and start again
            </Button>
          }
        >
          <AlertTitle>No source control found</AlertTitle>
          GitHub found no repository at {item.vcsUrl}. Cancel this import and start again with the corrected
          URL (the form keeps the one you used).
        </Alert>
      );
    case 'error':
      return (
        <Alert
          severity="error"
          role="region"
          aria-label="Import failed"
          action={
            <Button color="inherit" onClick={onRestart}>
              Restart import
            </Button>
          }
        >
          <AlertTitle>The import failed{item.failedStep ? ` at step “${item.failedStep}”` : ''}</AlertTitle>
          {item.errorMessage ?? 'GitHub gave no error message.'} Restart the import; if it fails again,
          contact GitHub Support with the repository name.
        </Alert>
      );
    default:
      return null;
  }
}
