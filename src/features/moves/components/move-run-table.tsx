import type { Theme } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Move, MoveRepository } from '@/contracts/move-run';
import { TableScroller } from '@/components/table-scroller';
import type { MoveAction } from '../api/move-queries';
import { MoveValidation } from './move-validation';
import { RepositoryActions, RepositoryNames, RepositoryStep, SourceLock } from './move-repository-parts';

export interface MoveRunTableProps {
  /** The move's id: each repository's saved migration log is linked by it. */
  moveId: string;
  repositories: readonly MoveRepository[];
  /** The move runs: a repository silent past its step is said to be (`silentForMs`). */
  running?: boolean;
  /** GitHub asked the running move to wait: said on each repository still on its way. */
  waiting?: Move['waiting'];
  busy: boolean;
  onAction: (action: MoveAction) => void;
}

/**
 * One row per repository: where it lands, its step (a failure's remedy, the saved migration log), validation, the
 * source's lock, retry and abort. On a phone
 * a list of blocks, so the actions are not at the end of a row scrolled sideways.
 */
export function MoveRunTable(props: MoveRunTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <MoveRunList {...props} /> : <WideRunTable {...props} />;
}

function WideRunTable({ moveId, repositories, running, waiting, busy, onAction }: MoveRunTableProps) {
  return (
    <Paper variant="outlined">
      <TableScroller label="Repositories">
        <Table size="small" aria-label="Repositories">
          <TableHead>
            <TableRow>
              <TableCell>Repository → on the target</TableCell>
              <TableCell>Step</TableCell>
              <TableCell>Validation</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {repositories.map((repo) => (
              <TableRow key={repo.name} aria-label={repo.name} sx={{ verticalAlign: 'top' }}>
                <TableCell>
                  <RepositoryNames repo={repo} />
                </TableCell>
                <TableCell sx={{ maxWidth: 320 }}>
                  <RepositoryStep repo={repo} moveId={moveId} running={running} waiting={waiting} />
                </TableCell>
                <TableCell>
                  <MoveValidation repo={repo} />
                </TableCell>
                <TableCell>
                  <SourceLock repo={repo} />
                </TableCell>
                <TableCell>
                  <RepositoryActions repo={repo} busy={busy} onAction={onAction} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroller>
    </Paper>
  );
}

function MoveRunList({ moveId, repositories, running, waiting, busy, onAction }: MoveRunTableProps) {
  return (
    <Stack component="ul" aria-label="Repositories" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {repositories.map((repo) => (
        <Paper
          key={repo.name}
          component="li"
          variant="outlined"
          aria-label={repo.name}
          sx={{ p: 1.5, minWidth: 0 }}
        >
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {repo.name}
            </Typography>
            <RepositoryNames repo={repo} />
            <RepositoryStep repo={repo} moveId={moveId} running={running} waiting={waiting} />
            <Typography variant="body2" component="div">
              Validation: <MoveValidation repo={repo} />
            </Typography>
            <Typography variant="body2" component="div">
              Source: <SourceLock repo={repo} />
            </Typography>
            <RepositoryActions repo={repo} busy={busy} onAction={onAction} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
