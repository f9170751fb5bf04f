import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { NO_FILTERS, type AuditFilters } from '../utils/audit-filters';

export interface AuditFilterFormProps {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** The filters, applied together: who (their login), what (text in the action) and when (from, to: whole days, UTC). */
export function AuditFilterForm({ applied, onApply }: AuditFilterFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const field = (name: keyof AuditFilters) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Stack component="form" aria-label="Filter the audit log" onSubmit={submit} spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField label="Actor (login)" size="small" {...field('actor')} />
        <TextField
          label="Action contains"
          size="small"
          helperText="e.g. moves, DELETE, alerts/:id"
          {...field('action')}
        />
        <TextField
          label="From"
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('from')}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('to')}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
      </Stack>
    </Stack>
  );
}
