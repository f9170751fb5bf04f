import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import { useGridApiContext, type GridRenderEditCellParams } from '@mui/x-data-grid';
import type { AuthorRow } from '../utils/author-edits';

export interface ValidatingEditCellProps {
  params: GridRenderEditCellParams<AuthorRow, string>;
  label: string;
  validate: (value: string) => string | undefined;
}

/** An inline editor that validates as you type and says what is wrong (to eyes and to screen readers). */
export function ValidatingEditCell({ params, label, validate }: ValidatingEditCellProps) {
  const apiRef = useGridApiContext();
  const value = params.value ?? '';
  const problem = validate(value);
  return (
    <Tooltip open={problem !== undefined} title={problem ?? ''} describeChild placement="bottom-start" arrow>
      <InputBase
        autoFocus
        fullWidth
        value={value}
        error={problem !== undefined}
        onChange={(event) =>
          void apiRef.current.setEditCellValue({
            id: params.id,
            field: params.field,
            value: event.target.value,
          })
        }
        inputProps={{
          'aria-label': `${label} for ${params.row.remoteName}`,
          'aria-invalid': problem !== undefined,
        }}
        sx={{
          px: 1,
          height: '100%',
          ...(problem !== undefined
            ? { outline: '2px solid', outlineColor: 'error.main', outlineOffset: -2 }
            : {}),
        }}
      />
    </Tooltip>
  );
}
