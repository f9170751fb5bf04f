import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { formatNumber } from '@/lib/format';
import type { AuthorRow } from '../utils/author-edits';
import { domainProblem, ruleChanges } from '../utils/bulk-rule';

const SHOWN = 20;

/** Map many authors at once by a rule (`user` → `user@domain`), with a preview of what changes. */
export function MapByRuleDialog({
  rows,
  onApply,
  onClose,
}: {
  rows: readonly AuthorRow[];
  onApply: (changes: { id: number; name: string; email: string }[]) => void;
  onClose: () => void;
}) {
  const [domain, setDomain] = useState('');
  const [touched, setTouched] = useState(false);
  const [onlySynthesised, setOnlySynthesised] = useState(true);
  const deferredDomain = useDeferredValue(domain);
  const problem = domainProblem(domain);
  const changes = useMemo(
    () => ruleChanges(rows, { domain: deferredDomain, onlySynthesised }),
    [rows, deferredDomain, onlySynthesised],
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="map-by-rule-title" maxWidth="sm" fullWidth>
      <DialogTitle id="map-by-rule-title">Map authors by a rule</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Each author’s email becomes <code>user@domain</code>, with the user taken from the remote name.
          Names stay as they are. Applied changes are unsaved edits; you can undo the whole step.
        </Typography>
        <Stack sx={{ gap: 1 }}>
          <TextField
            label="Email domain"
            placeholder="company.com"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && problem !== undefined}
            helperText={touched ? problem : undefined}
            size="small"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={onlySynthesised}
                onChange={(event) => setOnlySynthesised(event.target.checked)}
              />
            }
            label="Only authors still as the importer synthesised them"
          />
          {problem === undefined ? (
            <Box component="section" aria-label="Preview" aria-live="polite">
              <Typography variant="subtitle2" component="h3">
                {formatNumber(changes.length)} {changes.length === 1 ? 'author changes' : 'authors change'}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 200, overflow: 'auto' }}>
                {changes.slice(0, SHOWN).map((change) => (
                  <li key={change.id}>
                    {change.remoteName} → {change.email}
                  </li>
                ))}
              </Box>
              {changes.length > SHOWN ? (
                <Typography variant="caption" color="text.secondary">
                  The first {SHOWN} are listed.
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={problem !== undefined || changes.length === 0 || deferredDomain !== domain}
          onClick={() => onApply(changes)}
        >
          Apply {formatNumber(changes.length)} {changes.length === 1 ? 'change' : 'changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
