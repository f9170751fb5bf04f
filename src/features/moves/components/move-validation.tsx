import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MoveRepository } from '@/contracts/move-run';
import { TableScroller } from '@/components/table-scroller';
import { fieldWords, sideText } from '../utils/move-steps';

/** Validation of one repository: passed, or each field that differs, source / archive / target. */
export function MoveValidation({ repo }: { repo: MoveRepository }) {
  const validation = repo.validation;
  // Spans: on a phone the result follows its "Validation:" label on the same line.
  if (!validation)
    return (
      <Typography variant="body2" component="span">
        Not yet
      </Typography>
    );
  if (validation.result === 'passed')
    return (
      <Typography variant="body2" component="span">
        Passed
      </Typography>
    );
  return (
    <>
      <Typography variant="body2">Failed{validation.reason ? `: ${validation.reason}` : ''}</Typography>
      {validation.differences.length > 0 ? (
        <TableScroller label={`Differences of ${repo.name}`}>
          <Table size="small" aria-label={`Differences of ${repo.name}`} sx={{ width: 'auto' }}>
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell align="right">Source</TableCell>
                <TableCell align="right">Archive</TableCell>
                <TableCell align="right">Target</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {validation.differences.map((difference) => (
                <TableRow key={difference.field} aria-label={fieldWords(difference.field)}>
                  <TableCell>{fieldWords(difference.field)}</TableCell>
                  <TableCell align="right">{sideText(difference.field, difference.source)}</TableCell>
                  <TableCell align="right">{sideText(difference.field, difference.archive)}</TableCell>
                  <TableCell align="right">{sideText(difference.field, difference.target)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      ) : null}
    </>
  );
}
