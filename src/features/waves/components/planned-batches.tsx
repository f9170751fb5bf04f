import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { countOf } from '@/lib/wave-summary';
import { NEW_BATCH, type Arrangement } from '../utils/arrange-batches';
import { formatKb } from '../utils/wave-format';

/**
 * The previewed batches, each with the repositories that go together; any repository can be moved to
 * another batch (or a new one). Sizes are the plan's until something moves; the gateway sums them again.
 */
export function PlannedBatches({
  arrangement,
  sizesKb,
  onMove,
}: {
  arrangement: Arrangement;
  /** The plan's batch sizes, shown while the arrangement is the plan's own. */
  sizesKb: number[] | undefined;
  onMove: (name: string, to: number) => void;
}) {
  const [open, setOpen] = useState<number | undefined>(undefined);
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, maxHeight: 320, overflow: 'auto' }} aria-label="Planned batches">
      {arrangement.map((repos, index) => (
        <li key={index}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {countOf(repos.length, 'repository', 'repositories')}
              {sizesKb?.[index] !== undefined ? `, ${formatKb(sizesKb[index])}` : ''}
            </Typography>
            <Button
              size="small"
              onClick={() => setOpen(open === index ? undefined : index)}
              aria-expanded={open === index}
              aria-label={`${open === index ? 'Hide' : 'Show'} the repositories of batch ${index + 1}`}
            >
              {open === index ? 'Hide' : 'Show'}
            </Button>
          </Stack>
          {open === index ? (
            <Box component="ul" sx={{ pl: 2, my: 1 }} aria-label={`Repositories of batch ${index + 1}`}>
              {repos.map((name) => (
                <Stack
                  component="li"
                  key={name}
                  direction="row"
                  sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}
                >
                  <Typography variant="body2" sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                  <TextField
                    select
                    size="small"
                    label={`Batch of ${name}`}
                    value={index}
                    onChange={(event) => onMove(name, Number(event.target.value))}
                    sx={{ minWidth: 140 }}
                  >
                    {arrangement.map((_, target) => (
                      <MenuItem key={target} value={target}>
                        Batch {target + 1}
                      </MenuItem>
                    ))}
                    <MenuItem value={NEW_BATCH}>A new batch</MenuItem>
                  </TextField>
                </Stack>
              ))}
            </Box>
          ) : null}
        </li>
      ))}
    </Box>
  );
}
