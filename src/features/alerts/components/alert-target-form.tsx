import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ALERT_EVENT_LABELS, ALERT_EVENTS, type AlertEventKind } from '@/contracts/alerts';
import { ErrorAlert } from '@/components/error-alert';
import { useAddTarget } from '../api/alert-queries';
import {
  checkTargetForm,
  EMPTY_TARGET_FORM,
  type TargetForm,
  type TargetFormErrors,
} from '../utils/target-form';

/** Add a receiver: a webhook (signed JSON) or a Slack incoming webhook, and the events it wants. */
export function AlertTargetForm() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<TargetForm>(EMPTY_TARGET_FORM);
  const [errors, setErrors] = useState<TargetFormErrors>({});
  const add = useAddTarget();
  const set = <K extends keyof TargetForm>(key: K, value: TargetForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const toggle = (event: AlertEventKind, on: boolean) =>
    set('events', on ? [...form.events, event] : form.events.filter((e) => e !== event));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTargetForm(form);
    setErrors(checked.errors);
    if (!checked.request) return;
    // The form keeps what was typed until the gateway has the target.
    add.mutate(checked.request, { onSuccess: () => setForm(EMPTY_TARGET_FORM) });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="add-target-heading" sx={{ p: 2 }}>
      {/* Folded until asked for: the targets are what the page is read for. What was typed stays when folded. */}
      <Typography variant="h6" component="h2" gutterBottom={open}>
        <Button
          id="add-target-heading"
          aria-expanded={open}
          aria-controls="add-target-form"
          onClick={() => setOpen((was) => !was)}
          startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ font: 'inherit', textTransform: 'none' }}
        >
          Add an alert target
        </Button>
      </Typography>
      {open && (
        <Stack
          id="add-target-form"
          component="form"
          spacing={2}
          onSubmit={submit}
          noValidate
          aria-label="Add an alert target"
        >
          <TextField
            label="Name"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'Who or what receives it, e.g. “ops channel”.'}
            required
          />
          <FormControl>
            <FormLabel id="target-kind">Kind</FormLabel>
            <RadioGroup
              row
              aria-labelledby="target-kind"
              value={form.kind}
              onChange={(e) => set('kind', e.target.value === 'slack' ? 'slack' : 'webhook')}
            >
              <FormControlLabel value="webhook" control={<Radio />} label="Webhook (signed JSON)" />
              <FormControlLabel value="slack" control={<Radio />} label="Slack incoming webhook" />
            </RadioGroup>
          </FormControl>
          <TextField
            label="URL"
            value={form.url}
            onChange={(e) => set('url', e.target.value)}
            error={Boolean(errors.url)}
            helperText={errors.url ?? 'Where Ferry’s gateway POSTs each alert.'}
            required
            inputMode="url"
          />
          {form.kind === 'webhook' && (
            <TextField
              label="Secret"
              type="password"
              value={form.secret}
              onChange={(e) => set('secret', e.target.value)}
              error={Boolean(errors.secret)}
              helperText={
                errors.secret ??
                'Signs each body (HMAC-SHA256 in X-Ferry-Signature-256). Kept by the gateway, never shown again.'
              }
              required
              autoComplete="new-password"
            />
          )}
          <FormControl error={Boolean(errors.events)} component="fieldset">
            <FormLabel component="legend">Events</FormLabel>
            <FormGroup>
              {ALERT_EVENTS.map((event) => (
                <FormControlLabel
                  key={event}
                  control={
                    <Checkbox
                      checked={form.events.includes(event)}
                      onChange={(e) => toggle(event, e.target.checked)}
                    />
                  }
                  label={ALERT_EVENT_LABELS[event]}
                />
              ))}
            </FormGroup>
            {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
          </FormControl>
          {form.events.includes('rate-low') && (
            <TextField
              label="Rate-limit threshold (%)"
              value={form.threshold}
              onChange={(e) => set('threshold', e.target.value)}
              error={Boolean(errors.threshold)}
              helperText={errors.threshold ?? 'Alert when a category has less than this share left.'}
              inputMode="numeric"
              sx={{ maxWidth: 280 }}
            />
          )}
          {add.error && <ErrorAlert error={add.error} context="The target was not added" />}
          <div>
            <Button type="submit" variant="contained" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add target'}
            </Button>
          </div>
        </Stack>
      )}
    </Paper>
  );
}
