import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TARGET_VISIBILITIES, type MovePlannedRepository, type TargetVisibility } from '@/contracts/moves';
import { targetNameProblem, type MoveChoices } from '../utils/move-choices';

export interface MoveTargetEdit {
  choices: MoveChoices;
  onChange: (
    repo: MovePlannedRepository,
    change: { targetName?: string; visibility?: TargetVisibility },
  ) => void;
}

/**
 * One repository's name and visibility on the target, editable (GitHub's name rules said on the field). `inline`:
 * side by side at every width (a phone's block has the room a table's cell has not).
 */
export function MoveTargetFields({
  repo,
  edit,
  inline = false,
}: {
  repo: MovePlannedRepository;
  edit: MoveTargetEdit;
  inline?: boolean;
}) {
  const choice = edit.choices[repo.name];
  const targetName = choice?.targetName ?? repo.name;
  const visibility = choice?.visibility ?? repo.sourceVisibility;
  const problem = targetNameProblem(targetName);
  return (
    <Stack direction={inline ? 'row' : { xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        size="small"
        hiddenLabel
        sx={inline ? { flex: 1, minWidth: 0 } : undefined}
        value={targetName}
        onChange={(event) => edit.onChange(repo, { targetName: event.target.value })}
        error={problem !== undefined}
        helperText={problem}
        slotProps={{ htmlInput: { 'aria-label': `Target name of ${repo.name}`, maxLength: 200 } }}
      />
      <TextField
        select
        size="small"
        hiddenLabel
        value={visibility}
        onChange={(event) => edit.onChange(repo, { visibility: event.target.value as TargetVisibility })}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Visibility of ${repo.name}` } }}
      >
        {TARGET_VISIBILITIES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
