import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MOVE_REPOSITORY_STEPS } from '@/contracts/move-run';
import { formatNumber } from '@/lib/format';
import {
  isResultFilter,
  isStepFilter,
  NO_FILTER,
  RESULT_FILTERS,
  RESULT_WORDS,
  type RepositoryFilter,
} from '../utils/move-bulk';
import { STEP_WORDS } from '../utils/move-steps';

export interface MoveRepositoryFiltersProps {
  filter: RepositoryFilter;
  shown: number;
  total: number;
  onChange: (filter: RepositoryFilter) => void;
}

export const isFiltered = (filter: RepositoryFilter) =>
  filter.step !== NO_FILTER.step || filter.result !== NO_FILTER.result || filter.search.trim() !== '';

/** The move's table by step, by result and by name; how many rows of all it shows. */
export function MoveRepositoryFilters({ filter, shown, total, onChange }: MoveRepositoryFiltersProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      role="search"
      aria-label="Filter the repositories"
      sx={{ alignItems: { sm: 'center' } }}
    >
      <TextField
        select
        size="small"
        label="Step"
        value={filter.step}
        onChange={(event) =>
          isStepFilter(event.target.value) && onChange({ ...filter, step: event.target.value })
        }
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="all">Any step</MenuItem>
        {MOVE_REPOSITORY_STEPS.map((step) => (
          <MenuItem key={step} value={step}>
            {STEP_WORDS[step]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Result"
        value={filter.result}
        onChange={(event) =>
          isResultFilter(event.target.value) && onChange({ ...filter, result: event.target.value })
        }
        sx={{ minWidth: 180 }}
      >
        {RESULT_FILTERS.map((result) => (
          <MenuItem key={result} value={result}>
            {RESULT_WORDS[result]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label="Search by name"
        value={filter.search}
        onChange={(event) => onChange({ ...filter, search: event.target.value.slice(0, 200) })}
      />
      <Typography variant="body2" role="status" aria-live="polite">
        {formatNumber(shown)} of {formatNumber(total)} shown
      </Typography>
      {isFiltered(filter) ? (
        <Button size="small" onClick={() => onChange(NO_FILTER)}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
