import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RequirementsLookup } from '../api/domain-queries';
import { describeLookupError } from '../utils/describe-lookup-error';
import { factsOf } from '../utils/facts';
import { schemaFields } from '../utils/schema-labels';

const ROWS = [
  'Verdict',
  'Registration term (fixed)',
  'Maximum term',
  'WHOIS privacy',
  'Validated address',
  'Contacts',
  'Required create fields',
  'Required registry fields',
] as const;

function cells(lookup: RequirementsLookup): Record<(typeof ROWS)[number], string> {
  const { requirements } = lookup;
  const facts = Object.fromEntries(factsOf(requirements).map((fact) => [fact.label, fact.value]));
  const required = (schema: Record<string, unknown> | null) =>
    schema
      ? schemaFields(schema)
          .filter((field) => field.required)
          .map((field) => field.name)
          .join(', ') || 'none'
      : 'none';
  return {
    Verdict: requirements.apiRegisterable ? 'Can be registered through the API' : 'Website only',
    'Registration term (fixed)': facts['Registration term (fixed)'] ?? '',
    'Maximum term': facts['Maximum term'] ?? '',
    'WHOIS privacy': facts['WHOIS privacy'] ?? '',
    'Validated address': facts['Validated address'] ?? '',
    Contacts: facts.Contacts ?? '',
    'Required create fields': required(requirements.requestSchema),
    'Required registry fields': required(requirements.registryRequirements),
  };
}

export function CompareTable({
  tlds,
  results,
}: {
  tlds: string[];
  results: UseQueryResult<RequirementsLookup>[];
}) {
  const columns = tlds.map((tld, index) => {
    const result = results[index];
    if (result?.data) return { tld, values: cells(result.data) };
    const message = result?.isError ? describeLookupError(result.error, tld).title : 'Loading…';
    return { tld, values: Object.fromEntries(ROWS.map((row) => [row, row === 'Verdict' ? message : '—'])) };
  });
  return (
    <TableContainer component={Box} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="TLDs side by side">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Fact
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.tld} component="th" scope="col">
                .{column.tld}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((row) => (
            <TableRow key={row}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {row}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.tld}>{column.values[row]}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
