import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { isApiError } from '@/lib/api-error';
import { migrationQueries } from '../api/migration-queries';
import { useStartMigration } from '../api/start-migration';
import { CredentialPicker } from '@/components/credential-picker';
import type { Migration } from '@/contracts/github/migration';
import type { MigrationScope } from '../utils/scope';
import {
  EMPTY_START_FORM,
  EXCLUSIONS,
  errorsFromValidation,
  summarizeStart,
  validateStartForm,
  type StartErrors,
  type StartForm,
} from '../utils/start-form';

export interface StartExportDialogProps {
  scope: MigrationScope;
  open: boolean;
  onClose: () => void;
  onStarted: (migration: Migration) => void;
  /** Pre-filled options ("start again with the same options"). */
  initial?: StartForm;
}

/** Choose repositories and options, review a summary, start the export. 422 errors land on their field. */
export function StartExportDialog({ scope, open, onClose, onStarted, initial }: StartExportDialogProps) {
  const titleId = useId();
  const [form, setForm] = useState<StartForm>(initial ?? EMPTY_START_FORM);
  const [errors, setErrors] = useState<StartErrors>({});
  const [credential, setCredential] = useState<string>();
  const candidates = useQuery({ ...migrationQueries.candidates(scope), enabled: open });
  const start = useStartMigration(scope);

  const set = <K extends keyof StartForm>(key: K, value: StartForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined, form: undefined }));
  };

  const submit = () => {
    const found = validateStartForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    start.mutate(
      { form, credential },
      {
        onSuccess: (migration) => {
          setForm(EMPTY_START_FORM);
          onStarted(migration);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            setErrors(errorsFromValidation(error.fieldErrors, error.message));
          }
        },
      },
    );
  };

  // Why the start was refused sits right under the picker and is brought into view: at the end of a long
  // form it was out of sight (10 of its 136 px showed) while the user looked at the buttons and the picker.
  const refusalRef = useRef<HTMLDivElement>(null);
  const startError =
    start.isError && !(isApiError(start.error) && start.error.status === 422) ? start.error : null;
  const refusal = errors.form ?? startError;
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);

  const names = candidates.data?.map((repo) => repo.name) ?? [];
  const metadataOnly = scope.kind === 'org' && form.org_metadata_only;

  return (
    <Dialog
      open={open}
      onClose={start.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        Start an export{scope.kind === 'org' ? ` of ${scope.org}` : ' of your repositories'}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <CredentialPicker
            operation={
              scope.kind === 'org' ? 'migrations/start-for-org' : 'migrations/start-for-authenticated-user'
            }
            value={credential}
            onChange={setCredential}
            disabled={start.isPending}
          />
          {refusal ? (
            <div ref={refusalRef}>
              {errors.form ? (
                <Alert severity="error" role="alert">
                  {errors.form}
                </Alert>
              ) : null}
              {startError ? (
                <ErrorAlert
                  error={startError}
                  context="The export did not start"
                  hint={notOwnerHint(scope, startError, credential)}
                />
              ) : null}
            </div>
          ) : null}
          <Autocomplete
            multiple
            freeSolo
            options={names}
            value={form.repositories}
            disabled={metadataOnly}
            loading={candidates.isLoading}
            onChange={(_, value) => set('repositories', value.map((name) => name.trim()).filter(Boolean))}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Repositories"
                placeholder={
                  form.repositories.length === 0 ? 'Search, or type a name and press Enter' : undefined
                }
                error={Boolean(errors.repositories)}
                helperText={
                  errors.repositories ??
                  (candidates.isError ? 'Could not load the repository list: type names instead.' : undefined)
                }
              />
            )}
          />
          <FormGroup>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.lock_repositories}
                  onChange={(event) => set('lock_repositories', event.target.checked)}
                />
              }
              label="Lock repositories during the export"
            />
            {form.lock_repositories ? (
              <Alert severity="warning" role="status">
                Locked repositories refuse all writes (pushes, issues, pull requests, settings) until you
                unlock them — even after the export has finished.
              </Alert>
            ) : null}
            {errors.lock_repositories ? (
              <FormHelperText error>{errors.lock_repositories}</FormHelperText>
            ) : null}
          </FormGroup>
          <FormGroup aria-label="Exclusions">
            {EXCLUSIONS.filter((option) => !option.orgOnly || scope.kind === 'org').map((option) => (
              <div key={option.field}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={form[option.field]}
                      onChange={(event) => set(option.field, event.target.checked)}
                      slotProps={{ input: { 'aria-describedby': `${titleId}-${option.field}` } }}
                    />
                  }
                  label={option.label}
                />
                <FormHelperText
                  id={`${titleId}-${option.field}`}
                  error={Boolean(errors[option.field])}
                  sx={{ mt: -0.5, ml: 4 }}
                >
                  {errors[option.field] ?? option.help}
                </FormHelperText>
              </div>
            ))}
          </FormGroup>
          <section aria-labelledby={`${titleId}-summary`}>
            <Typography variant="subtitle2" component="h3" id={`${titleId}-summary`}>
              Summary
            </Typography>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {summarizeStart(form, scope).map((line) => (
                <li key={line}>
                  <Typography variant="body2">{line}</Typography>
                </li>
              ))}
            </ul>
          </section>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start export'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * GitHub's only word for "this credential's user is not an owner of the organization" is a bare 404 "Not Found"
 * (hubot, a plain member of octo-org, gets it): say what it means and what to do.
 */
function notOwnerHint(scope: MigrationScope, error: unknown, credential: string | undefined) {
  if (scope.kind !== 'org' || !isApiError(error) || error.status !== 404 || error.code) return undefined;
  const who = credential ? `The user of the credential “${credential}”` : 'The credential’s user';
  return `${who} is not an owner of ${scope.org}, or ${scope.org} does not exist: GitHub answers “Not Found” to both. Only an organization’s owners can start its exports: pick an owner’s credential.`;
}
