import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { AuthorFilter } from '../utils/author-edits';
import { writeAuthorsCsv, writeAuthorsFile, type MappingSource } from '../utils/mapping-files';

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface AuthorToolbarProps {
  repo: string;
  query: string;
  onQuery: (query: string) => void;
  filter: AuthorFilter;
  onFilter: (filter: AuthorFilter) => void;
  /** Why the bulk actions are off (read-only, or a bulk step is being applied). */
  bulkDisabled: boolean;
  onImport: () => void;
  onRule: () => void;
  onCopy: () => void;
  /** The last bulk step, while it can be undone. */
  undo?: { label: string; disabled: boolean; onUndo: () => void };
  /** Built on click, not on every render (at 100,000 authors it was a copy per keystroke). */
  exportRows: () => MappingSource[];
}

/** Search, the Show filter, the bulk actions (mapping file, rule, copy, undo) and the exports. */
export function AuthorToolbar({
  repo,
  query,
  onQuery,
  filter,
  onFilter,
  bulkDisabled,
  onImport,
  onRule,
  onCopy,
  undo,
  exportRows,
}: AuthorToolbarProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2, alignItems: { md: 'center' } }}>
      <TextField
        size="small"
        label="Search authors"
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        sx={{ minWidth: 260 }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter}
        onChange={(_event, value: AuthorFilter | null) => value && onFilter(value)}
        aria-label="Show"
      >
        <ToggleButton value="all">All</ToggleButton>
        <ToggleButton value="changed">Changed</ToggleButton>
        <ToggleButton value="synthesised">Still synthesised</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ flex: 1 }} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onImport} disabled={bulkDisabled}>
          Import mapping…
        </Button>
        <Button onClick={onRule} disabled={bulkDisabled}>
          Map by rule…
        </Button>
        <Button onClick={onCopy} disabled={bulkDisabled}>
          Copy from another import…
        </Button>
        {undo ? (
          <Button onClick={undo.onUndo} disabled={undo.disabled}>
            Undo {undo.label}
          </Button>
        ) : null}
        <Button onClick={() => download(`${repo}-authors.txt`, 'text/plain', writeAuthorsFile(exportRows()))}>
          Export authors file
        </Button>
        <Button onClick={() => download(`${repo}-authors.csv`, 'text/csv', writeAuthorsCsv(exportRows()))}>
          Export CSV
        </Button>
      </Stack>
    </Stack>
  );
}
