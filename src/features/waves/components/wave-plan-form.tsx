import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { CredentialPicker } from '@/components/credential-picker';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { formatNumber } from '@/lib/format';
import { useCreateWave, usePreviewWave } from '../api/wave-queries';
import { waveHref } from '../paths';
import { DEFAULT_PLAN, toPlanRequest, type PlanFormValues } from '../utils/plan-form';
import { isRearranged, moveRepository, type Arrangement } from '../utils/arrange-batches';
import { formatEstimate, formatKb } from '../utils/wave-format';
import { PlanBudgetText } from './plan-budget-text';
import { PlannedBatches } from './planned-batches';
import { countOf } from '@/lib/wave-summary';
import { useKnownRefusals } from '../hooks/use-known-refusals';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';

type TextKey = {
  [K in keyof PlanFormValues]: PlanFormValues[K] extends string ? K : never;
}[keyof PlanFormValues];
type FlagKey = {
  [K in keyof PlanFormValues]: PlanFormValues[K] extends boolean ? K : never;
}[keyof PlanFormValues];

const FLAGS: [FlagKey, string][] = [
  ['lockRepositories', 'Lock repositories while they export'],
  ['unlockWhenVerified', 'Unlock when the archive is verified'],
  ['deleteAfterDownload', 'Delete GitHub’s copy once downloaded'],
  ['excludeMetadata', 'Exclude metadata (issues, pull requests…)'],
  ['excludeGitData', 'Exclude Git data'],
  ['excludeAttachments', 'Exclude attachments'],
  ['excludeReleases', 'Exclude releases'],
  ['excludeOwnerProjects', 'Exclude owner projects'],
];

/** Plan a wave: which repositories, how to batch them, a preview of the cost, then start. */
export function WavePlanForm() {
  const [values, setValues] = useState<PlanFormValues>(DEFAULT_PLAN);
  const operation = values.ownRepos ? 'migrations/start-for-authenticated-user' : 'migrations/start-for-org';
  const refusals = useKnownRefusals(values, operation);
  const preview = usePreviewWave();
  // GitHub's times (the budget's reset) are shown on this browser's clock.
  const { clockOffsetMs } = useRateLimitSnapshot();
  // The preview's batches as the user arranges them; reset with every new preview.
  const [arrangement, setArrangement] = useState<Arrangement | undefined>(undefined);
  const create = useCreateWave();
  const navigate = useNavigate();
  const text = (key: TextKey) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      preview.reset();
    },
  });
  const flag = (key: FlagKey) => (
    <FormControlLabel
      key={key}
      control={
        <Checkbox
          checked={values[key]}
          disabled={key === 'unlockWhenVerified' && !values.lockRepositories}
          onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.checked }))}
        />
      }
      label={FLAGS.find(([name]) => name === key)?.[1] ?? key}
    />
  );

  // The form is `noValidate` (the browser's bubble is not themed nor read the same by every screen reader):
  // an empty required organization is marked here, on the field, and nothing is sent.
  const [orgMissing, setOrgMissing] = useState(false);
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!values.ownRepos && values.org.trim() === '') {
      setOrgMissing(true);
      return;
    }
    setArrangement(undefined);
    preview.mutate(toPlanRequest(values));
  };
  const onStart = () => {
    const planned = plan?.batches.map((batch) => batch.repos) ?? [];
    const batches = arrangement && isRearranged(planned, arrangement) ? arrangement : undefined;
    create.mutate(
      { ...toPlanRequest(values), ...(batches ? { batches } : {}) },
      {
        onSuccess: (wave) => void navigate(waveHref.wave(wave.id)),
      },
    );
  };
  const plan = preview.data;
  const shown = arrangement ?? plan?.batches.map((batch) => batch.repos) ?? [];
  const rearranged = plan
    ? isRearranged(
        plan.batches.map((batch) => batch.repos),
        shown,
      )
    : false;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="plan-heading">
      <Typography id="plan-heading" variant="h6" component="h2" gutterBottom>
        Plan a wave
      </Typography>
      <Box component="form" onSubmit={onPreview} noValidate>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label="Organization"
              {...text('org')}
              onChange={(event) => {
                text('org').onChange(event);
                setOrgMissing(false);
              }}
              disabled={values.ownRepos}
              required
              error={orgMissing && !values.ownRepos}
              helperText={
                orgMissing && !values.ownRepos
                  ? 'Enter the organization whose repositories the wave exports.'
                  : undefined
              }
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.ownRepos}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, ownRepos: event.target.checked }))
                  }
                />
              }
              label="My own repositories instead"
            />
          </Stack>
          <CredentialPicker
            operation={operation}
            refusals={refusals}
            value={values.credential || undefined}
            onChange={(credential) => {
              setValues((current) => ({ ...current, credential }));
              preview.reset();
            }}
          />
          <Typography variant="subtitle2" component="h3">
            Which repositories
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Name pattern"
              helperText="e.g. api-*, *-legacy (empty: all)"
              {...text('namePattern')}
            />
            <TextField
              label="Languages"
              helperText="comma-separated; none for no language"
              {...text('languages')}
            />
            <TextField select label="Visibility" {...text('visibility')} sx={{ minWidth: 140 }}>
              <MenuItem value="all">All</MenuItem>
              <MenuItem value="public">Public</MenuItem>
              <MenuItem value="private">Private</MenuItem>
            </TextField>
            <TextField select label="Archived" {...text('archived')} sx={{ minWidth: 160 }}>
              <MenuItem value="include">Included</MenuItem>
              <MenuItem value="exclude">Left out</MenuItem>
              <MenuItem value="only">Only archived</MenuItem>
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField label="Smallest size (MB)" inputMode="decimal" {...text('minSizeMb')} />
            <TextField label="Largest size (MB)" inputMode="decimal" {...text('maxSizeMb')} />
            <TextField
              label="Pushed on or after"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              {...text('pushedAfter')}
            />
            <TextField
              label="Pushed before"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              {...text('pushedBefore')}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            Batches
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField label="Repositories per batch" inputMode="numeric" {...text('maxRepos')} />
            <TextField label="Size per batch (GB)" inputMode="decimal" {...text('maxBatchGb')} />
            <TextField label="Exports at once" inputMode="numeric" {...text('concurrency')} />
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {FLAGS.map(([key]) => flag(key))}
          </Box>
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="outlined" disabled={preview.isPending}>
              Preview
            </Button>
            <Button variant="contained" onClick={onStart} disabled={!plan || create.isPending}>
              Start wave
            </Button>
          </Stack>
          {preview.error ? <ErrorAlert error={preview.error} context="Preview" /> : null}
          {create.error ? <ErrorAlert error={create.error} context="Starting the wave" /> : null}
          {plan ? (
            <Alert severity={plan.selected > 0 ? 'info' : 'warning'} role="status" aria-label="Preview">
              <Typography>
                {formatNumber(plan.selected)} of {formatNumber(plan.listed)} repositories selected (
                {formatKb(plan.selectedSizeKb)}) in {formatNumber(plan.batches.length)}{' '}
                {plan.batches.length === 1 ? 'batch' : 'batches'}.
              </Typography>
              <Typography>
                GitHub requests: {formatNumber(plan.requests.total)}–{formatNumber(plan.requests.totalMax)} if
                no export fails ({formatNumber(plan.requests.listing)} to list,{' '}
                {formatNumber(plan.requests.perBatch)}–{formatNumber(plan.requests.perBatchMax)} for the
                batches: a start, 1–3 status checks that see a change, the archive link
                {plan.requests.extras
                  ? `; ${formatNumber(plan.requests.extras)} for unlocks and deletions`
                  : ''}
                ). An export that fails costs about 5 more for its retry, or for each half when it fails
                twice. Time: {formatEstimate(plan.estimatedSeconds)}.
              </Typography>
              {plan.budget ? <PlanBudgetText budget={plan.budget} clockOffsetMs={clockOffsetMs} /> : null}
              {rearranged ? (
                <Typography>
                  Your arrangement: {countOf(shown.length, 'batch', 'batches')}; the wave starts them as
                  shown.
                </Typography>
              ) : null}
              <PlannedBatches
                arrangement={shown}
                sizesKb={rearranged ? undefined : plan.batches.map((batch) => batch.sizeKb)}
                onMove={(name, to) => setArrangement(moveRepository(shown, name, to))}
              />
            </Alert>
          ) : null}
        </Stack>
      </Box>
    </Paper>
  );
}
