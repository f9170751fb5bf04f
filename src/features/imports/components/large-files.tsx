import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { formatNumber } from '@/lib/format';
import { importQueries } from '../api/imports-queries';
import { useSetLfsPreference } from '../api/set-lfs-preference';
import { formatBytes } from '../utils/format-bytes';
import type { SourceImport } from '@/contracts/github/source-import';

const CONSEQUENCES = {
  opt_in:
    'Opt in: the large files are kept and stored with Git LFS. Everyone who clones needs Git LFS, and the files count against the account’s LFS storage and bandwidth.',
  opt_out:
    'Opt out: the large files are removed from every commit during the import. The history is rewritten without them; they will not be in the repository.',
} as const;

const CHOICE_TEXT = {
  opt_in: 'Opted in: large files are stored with Git LFS.',
  opt_out: 'Opted out: large files are removed from the import.',
  undecided: 'No choice made yet.',
};

function LfsDialog(props: {
  owner: string;
  repo: string;
  item: SourceImport;
  open: boolean;
  onClose: () => void;
}) {
  const setLfs = useSetLfsPreference(props.owner, props.repo);
  const [choice, setChoice] = useState<'opt_in' | 'opt_out' | undefined>(
    props.item.useLfs === 'undecided' ? undefined : props.item.useLfs,
  );
  const confirm = () => {
    if (choice) setLfs.mutate(choice, { onSuccess: props.onClose });
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="lfs-dialog-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="lfs-dialog-title">Large files: Git LFS or remove them</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {formatNumber(props.item.largeFilesCount)} files over 100 MB (
          {formatBytes(props.item.largeFilesSize)}) were found. GitHub refuses files over 100 MB in Git, so
          choose what happens to them.{' '}
          {props.item.status === 'complete'
            ? 'The import is complete: a different choice rewrites the commits and pushes again.'
            : 'The import pushes only after you choose.'}
        </Typography>
        <RadioGroup
          aria-label="Git LFS choice"
          value={choice ?? ''}
          onChange={(event) => setChoice(event.target.value as 'opt_in' | 'opt_out')}
        >
          <FormControlLabel value="opt_in" control={<Radio />} label={CONSEQUENCES.opt_in} sx={{ mb: 1 }} />
          <FormControlLabel value="opt_out" control={<Radio />} label={CONSEQUENCES.opt_out} />
        </RadioGroup>
        {setLfs.isError ? <ErrorAlert error={setLfs.error} context="The choice was not saved" /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
        <Button variant="contained" onClick={confirm} disabled={!choice || setLfs.isPending}>
          {choice === 'opt_out' ? 'Remove large files' : 'Use Git LFS'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The large files, their totals, the current LFS choice, and the banner that opens the choice dialog. */
export function LargeFilesSection({
  owner,
  repo,
  item,
}: {
  owner: string;
  repo: string;
  item: SourceImport;
}) {
  const [open, setOpen] = useState(false);
  const files = useQuery(importQueries.largeFiles(owner, repo, item.largeFilesCount));
  const undecided = item.useLfs === 'undecided';
  const total = files.data?.reduce((sum, file) => sum + file.size, 0) ?? item.largeFilesSize;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="large-files-title"
    >
      <Typography variant="h6" component="h2" id="large-files-title" gutterBottom>
        Large files
      </Typography>
      {undecided ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => setOpen(true)}>
              Choose
            </Button>
          }
        >
          <AlertTitle>Decide about Git LFS</AlertTitle>
          This import has files over 100 MB.{' '}
          {item.status === 'waiting_to_push'
            ? 'It is waiting for your choice before it pushes.'
            : 'Choose whether to store them with Git LFS or remove them; the push waits for the choice.'}
        </Alert>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            <strong>Current choice:</strong> {CHOICE_TEXT[item.useLfs]}
          </Typography>
          <Button size="small" onClick={() => setOpen(true)}>
            Change
          </Button>
        </Stack>
      )}
      {files.data ? (
        <TableContainer>
          <Table size="small" aria-label="Files over 100 MB">
            <TableHead>
              <TableRow>
                <TableCell>Ref</TableCell>
                <TableCell>Path</TableCell>
                <TableCell>Object id</TableCell>
                <TableCell align="right">Size</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.data.map((file) => (
                <TableRow key={`${file.refName}:${file.path}:${file.oid}`}>
                  <TableCell>{file.refName}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{file.path}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }} title={file.oid}>
                    {file.oid.slice(0, 12)}…
                  </TableCell>
                  <TableCell align="right">{formatBytes(file.size)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={3}>
                  Total: {formatNumber(files.data.length)} {files.data.length === 1 ? 'file' : 'files'}
                </TableCell>
                <TableCell align="right">{formatBytes(total)}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      ) : files.isError ? (
        <ErrorAlert error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <LoadingState label="Loading large files" />
      )}
      {open ? <LfsDialog owner={owner} repo={repo} item={item} open onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
