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
import { useWindowRows } from '@/hooks/use-window-rows';
import type { MoveAction } from '../api/move-queries';
import type { RepositoryWait } from '../utils/move-waits';
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
  /** A trial move: its sources are never touched (the source column says so). */
  trial?: boolean;
  /** What each repository waits for besides GitHub's hold, by name (`repositoryWaits`). */
  waits?: ReadonlyMap<string, RepositoryWait>;
  busy: boolean;
  onAction: (action: MoveAction) => void;
}

/**
 * One row per repository: where it lands, its step (a failure's remedy, the saved migration log, what it waits
 * for), validation, the source's lock, retry and abort. On a phone a list of blocks, so the actions are not at the
 * end of a row scrolled sideways. A long move's rows are drawn near the view only (`useWindowRows`): 1,000
 * repositories scroll as 20 do.
 */
export function MoveRunTable(props: MoveRunTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <MoveRunList {...props} /> : <WideRunTable {...props} />;
}

/** A spacer for the rows not drawn: no content, hidden from assistive technology (the count says how many). */
const spacer = (height: number) => (height > 0 ? { height } : undefined);

function WideRunTable(props: MoveRunTableProps) {
  const { moveId, repositories, running, waiting, waits, busy, onAction, trial } = props;
  const { setList, measure, indexes, before, after } = useWindowRows<HTMLTableSectionElement>(
    repositories.length,
    // A row with nothing to say is 37 px; one that waits or failed, two or three lines more.
    45,
  );
  return (
    <Paper variant="outlined">
      <TableScroller label="Repositories">
        <Table size="small" aria-label="Repositories" aria-rowcount={repositories.length + 1}>
          <TableHead>
            <TableRow aria-rowindex={1}>
              <TableCell>Repository → on the target</TableCell>
              <TableCell>Step</TableCell>
              <TableCell>Validation</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody ref={setList}>
            {spacer(before) ? <tr aria-hidden style={spacer(before)} /> : null}
            {indexes.map((index) => {
              const repo = repositories[index]!;
              const wait = waits?.get(repo.name);
              return (
                <TableRow
                  key={repo.name}
                  ref={measure}
                  data-index={index}
                  aria-rowindex={index + 2}
                  aria-label={repo.name}
                  sx={{ verticalAlign: 'top' }}
                >
                  <TableCell>
                    <RepositoryNames repo={repo} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>
                    <RepositoryStep
                      repo={repo}
                      moveId={moveId}
                      running={running}
                      waiting={waiting}
                      wait={wait}
                    />
                  </TableCell>
                  <TableCell>
                    <MoveValidation repo={repo} />
                  </TableCell>
                  <TableCell>
                    <SourceLock repo={repo} trial={trial} />
                  </TableCell>
                  <TableCell>
                    <RepositoryActions repo={repo} busy={busy} onAction={onAction} hung={wait?.actionable} />
                  </TableCell>
                </TableRow>
              );
            })}
            {spacer(after) ? <tr aria-hidden style={spacer(after)} /> : null}
          </TableBody>
        </Table>
      </TableScroller>
    </Paper>
  );
}

function MoveRunList(props: MoveRunTableProps) {
  const { moveId, repositories, running, waiting, waits, busy, onAction, trial } = props;
  const { setList, measure, indexes, before, after } = useWindowRows<HTMLUListElement>(
    repositories.length,
    260,
  );
  return (
    <Stack
      ref={setList}
      component="ul"
      aria-label="Repositories"
      spacing={1}
      sx={{ m: 0, p: 0, listStyle: 'none', pt: `${before}px`, pb: `${after}px` }}
    >
      {indexes.map((index) => {
        const repo = repositories[index]!;
        const wait = waits?.get(repo.name);
        return (
          <Paper
            key={repo.name}
            ref={measure}
            data-index={index}
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
              <RepositoryStep repo={repo} moveId={moveId} running={running} waiting={waiting} wait={wait} />
              <Typography variant="body2" component="div">
                Validation: <MoveValidation repo={repo} />
              </Typography>
              <Typography variant="body2" component="div">
                Source: <SourceLock repo={repo} trial={trial} />
              </Typography>
              <RepositoryActions repo={repo} busy={busy} onAction={onAction} hung={wait?.actionable} />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
