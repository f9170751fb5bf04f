import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { MovePlannedRepository } from '@/contracts/moves';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip } from '@/components/tone-chip';
import { checkText } from '../utils/move-format';
import { MoveTargetFields, type MoveTargetEdit } from './move-target-fields';

/**
 * Per repository, on a wider screen (a phone has move-repository-blocks.tsx): where it lands (its name and visibility editable when `edit` is given), each pre-flight check
 * (a refusal with GitHub's words, a warning with its reason), ready or not.
 */
export function MoveRepositoryTable({
  repositories,
  edit,
}: {
  repositories: readonly MovePlannedRepository[];
  edit?: MoveTargetEdit;
}) {
  return (
    <TableScroller label="Repositories of the move">
      <Table size="small" aria-label="Repositories of the move">
        <TableHead>
          <TableRow>
            <TableCell>Repository</TableCell>
            <TableCell>On the target</TableCell>
            <TableCell>Pre-flight</TableCell>
            <TableCell>Ready</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {repositories.map((repo) => (
            <TableRow key={repo.name} aria-label={repo.name}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{repo.name}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {edit ? (
                  <MoveTargetFields repo={repo} edit={edit} />
                ) : (
                  `${repo.targetName} (${repo.visibility})`
                )}
              </TableCell>
              <TableCell>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {repo.checks.map((check) => (
                    <li key={check.check}>{checkText(check)}</li>
                  ))}
                </Box>
              </TableCell>
              <TableCell>
                <ToneChip
                  tone={repo.ready ? 'success' : 'error'}
                  label={repo.ready ? 'Ready' : 'Not ready'}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
