import { parseFullName } from '@/contracts/github/names';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { formatNumber } from '@/lib/format';
import { importQueries } from '../api/imports-queries';
import type { AuthorRow } from '../utils/author-edits';
import { copyChanges } from '../utils/copy-mapping';

const SHOWN = 20;

/** Copy the mappings another repository's import already has (same remote names), with a preview. */
export function CopyMappingDialog({
  rows,
  current,
  onApply,
  onClose,
}: {
  rows: readonly AuthorRow[];
  /** This import's repository, which cannot be its own source. */
  current: string;
  onApply: (changes: { id: number; name: string; email: string }[]) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [source, setSource] = useState<{ owner: string; repo: string } | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const other = useQuery({
    ...importQueries.authors(source?.owner ?? '', source?.repo ?? '', 'copy'),
    enabled: source !== undefined,
  });
  const changes = useMemo(() => (other.data ? copyChanges(rows, other.data) : []), [rows, other.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named = parseFullName(value.trim());
    if (!named) return setProblem('Type a repository as owner/repo.');
    if (value.trim().toLowerCase() === current.toLowerCase())
      return setProblem('That is this import; name another repository.');
    setProblem(undefined);
    setSource(named);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="copy-mapping-title" maxWidth="sm" fullWidth>
      <DialogTitle id="copy-mapping-title">Copy another import’s mapping</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Authors that another repository’s import has already mapped get the same name and email here,
          matched by remote name. Applied changes are unsaved edits; you can undo the whole step.
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} direction="row" sx={{ gap: 1, mb: 2 }}>
          <TextField
            size="small"
            label="Repository with the import"
            placeholder="owner/repo"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={problem !== undefined}
            helperText={problem}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            Read its authors
          </Button>
        </Stack>
        {source && other.isError ? (
          <ErrorAlert
            error={other.error}
            context={`The authors of ${source.owner}/${source.repo} were not read`}
          />
        ) : null}
        {source && !other.data && !other.isError ? (
          <LoadingState label={`Reading the authors of ${source.owner}/${source.repo}`} query={other} />
        ) : null}
        {other.data ? (
          <Box component="section" aria-label="Preview" aria-live="polite">
            {changes.length === 0 ? (
              <Alert severity="info">Nothing to copy: no author mapped there differs from this import.</Alert>
            ) : (
              <>
                <Typography variant="subtitle2" component="h3">
                  {formatNumber(changes.length)} {changes.length === 1 ? 'author changes' : 'authors change'}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 200, overflow: 'auto' }}>
                  {changes.slice(0, SHOWN).map((change) => (
                    <li key={change.id}>
                      {change.remoteName} → {change.name} &lt;{change.email}&gt;
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={changes.length === 0} onClick={() => onApply(changes)}>
          Apply {formatNumber(changes.length)} {changes.length === 1 ? 'change' : 'changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
