import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import type { AfterValidation } from '@/contracts/move-run';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { moveQueries, usePreviewMove } from '../api/move-queries';
import { choicesChangedSince, choicesToSend, withChoice, type MoveChoices } from '../utils/move-choices';
import { checkMoveForm, EMPTY_MOVE_FORM, type MoveFormField, type MoveFormValues } from '../utils/move-form';
import { MoveCredentialFields } from './move-credential-fields';
import { MoveFilterFields } from './move-filter-fields';
import { MovePreviewView } from './move-preview';
import { MoveStartControls } from './move-start-controls';

/** The simulator's target organization (src/simulator/target/seed.ts): the default there, nothing when live. */
const SIMULATED_TARGET_ORG = 'octo-target';

/** Only archiving adds a pre-flight check (the admin right): unlock and keep-locked share one preview. */
const archiving = (value: AfterValidation | undefined) => value === 'archive';

/** Plan a move: source and target, which repositories, then the preview (pre-flight and cost). */
export function MovePlanForm() {
  const sourceOrgs = useQuery(moveQueries.sourceOrganizations());
  const target = useQuery(moveQueries.target());
  // What the person typed; a field not typed yet shows its default (the connection's first organization).
  const [typed, setTyped] = useState<Partial<MoveFormValues>>({});
  const [errors, setErrors] = useState<Partial<Record<MoveFormField, string>>>({});
  // Where each repository lands, as changed in the preview's table (kept while the plan stays the same).
  const [choices, setChoices] = useState<MoveChoices>({});
  const values: MoveFormValues = {
    ...EMPTY_MOVE_FORM,
    source: sourceOrgs.data?.[0] ?? '',
    target: target.data?.mode === 'simulator' ? SIMULATED_TARGET_ORG : '',
    ...typed,
  };
  const [afterValidation, setAfterValidation] = useState<AfterValidation>('unlock');
  const preview = usePreviewMove();
  const { clockOffsetMs } = useRateLimitSnapshot();
  const change = (field: MoveFormField, value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setChoices({});
    preview.reset();
  };
  const sendable = choicesToSend(choices);
  const stale =
    preview.data && choicesChangedSince(choices, preview.variables?.repositories)
      ? sendable
        ? 'Preview again: a repository’s name or visibility on the target changed.'
        : 'Correct the target names marked in the table, then preview again.'
      : preview.data && archiving(preview.variables?.afterValidation) !== archiving(afterValidation)
        ? 'Preview again: archiving needs the source credential’s admin right on each repository, which the preview checks.'
        : undefined;
  // `noValidate`: each refusal is said on its field, in the page's words, and nothing is sent.
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const check = checkMoveForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    if (!sendable) return;
    // The inventory kept for the organization (the repositories not read yet are read now).
    const request = { ...check.request, afterValidation, inventory: true as const };
    preview.mutate(sendable.length > 0 ? { ...request, repositories: sendable } : request);
  };
  const org = (field: 'source' | 'target', label: string, helper: string) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      required
      error={errors[field] !== undefined}
      helperText={errors[field] ?? helper}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="new-move-heading">
      <Typography id="new-move-heading" variant="h6" component="h2" gutterBottom>
        New move
      </Typography>
      <Box component="form" onSubmit={onPreview} noValidate aria-labelledby="new-move-heading">
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {org('source', 'Source organization', 'Read with today’s GitHub connection')}
            {org('target', 'Target organization', 'On the target GitHub')}
          </Stack>
          <MoveCredentialFields
            source={values.sourceCredential}
            target={values.targetCredential}
            onChange={change}
          />
          <MoveFilterFields values={values} errors={errors} onChange={change} />
          <MoveStartControls
            staleBecause={stale}
            afterValidation={afterValidation}
            onAfterValidation={setAfterValidation}
            planned={
              preview.data && preview.variables
                ? { request: preview.variables, preview: preview.data }
                : undefined
            }
          >
            <Button type="submit" variant="outlined" disabled={preview.isPending}>
              Preview
            </Button>
          </MoveStartControls>
          {preview.error ? <ErrorAlert error={preview.error} context="Preview" /> : null}
          {preview.data ? (
            <MovePreviewView
              preview={preview.data}
              clockOffsetMs={clockOffsetMs}
              edit={{
                choices,
                onChange: (repo, change) => setChoices((now) => withChoice(now, repo, change)),
              }}
              busy={preview.isPending}
              {...(preview.variables
                ? {
                    onRefreshInventory: () =>
                      preview.variables && preview.mutate({ ...preview.variables, inventory: 'refresh' }),
                  }
                : {})}
            />
          ) : null}
        </Stack>
      </Box>
    </Paper>
  );
}
