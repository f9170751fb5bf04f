import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MoveFormField, MoveFormValues } from '../utils/move-form';

interface FieldSpec {
  field: MoveFormField;
  label: string;
  helper?: string;
  options?: [string, string][];
  type?: 'date';
  inputMode?: 'decimal' | 'numeric';
}

/** Which repositories: the filters a wave takes (the gateway reads them with the wave's own parser). */
const FILTERS: FieldSpec[][] = [
  [
    { field: 'namePattern', label: 'Name pattern', helper: 'e.g. api-*, *-legacy (empty: all)' },
    { field: 'languages', label: 'Languages', helper: 'comma-separated' },
    {
      field: 'visibility',
      label: 'Visibility',
      options: [
        ['all', 'All'],
        ['public', 'Public'],
        ['private', 'Private'],
      ],
    },
    {
      field: 'archived',
      label: 'Archived',
      options: [
        ['include', 'Included'],
        ['exclude', 'Left out'],
        ['only', 'Only archived'],
      ],
    },
  ],
  [
    { field: 'minSizeMb', label: 'Smallest size (MB)', inputMode: 'decimal' },
    { field: 'maxSizeMb', label: 'Largest size (MB)', inputMode: 'decimal' },
    { field: 'pushedAfter', label: 'Pushed on or after', type: 'date' },
    { field: 'pushedBefore', label: 'Pushed before', type: 'date' },
  ],
];

/** A move's one cap: one repository per archive, so only how many export at once. */
const CAPS: FieldSpec[] = [
  { field: 'concurrency', label: 'Exports at once', helper: '1 to 10', inputMode: 'numeric' },
];

export interface MoveFilterFieldsProps {
  values: MoveFormValues;
  errors: Partial<Record<MoveFormField, string>>;
  onChange: (field: MoveFormField, value: string) => void;
}

export function MoveFilterFields({ values, errors, onChange }: MoveFilterFieldsProps) {
  const input = (spec: FieldSpec) => (
    <TextField
      key={spec.field}
      label={spec.label}
      value={values[spec.field]}
      onChange={(event) => onChange(spec.field, event.target.value)}
      select={spec.options !== undefined}
      type={spec.type}
      error={errors[spec.field] !== undefined}
      helperText={errors[spec.field] ?? spec.helper}
      sx={spec.options ? { minWidth: 150 } : undefined}
      slotProps={{
        htmlInput: spec.inputMode ? { inputMode: spec.inputMode } : undefined,
        inputLabel: spec.type === 'date' ? { shrink: true } : undefined,
      }}
    >
      {spec.options?.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        Which repositories
      </Typography>
      {FILTERS.map((row, index) => (
        <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {row.map(input)}
        </Stack>
      ))}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {CAPS.map(input)}
      </Stack>
    </>
  );
}
