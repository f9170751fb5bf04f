import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

const MODES = [
  { mode: 'system', label: 'System' },
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
] as const;

type ThemeMode = (typeof MODES)[number]['mode'];

/** The open theme menu: loaded on first use, so the first page does not carry MUI's Menu. */
export function ThemeMenuList({
  anchor,
  current,
  onPick,
  onClose,
}: {
  anchor: HTMLElement;
  current: ThemeMode;
  onPick: (mode: ThemeMode) => void;
  onClose: () => void;
}) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {MODES.map((entry) => (
        <MenuItem key={entry.mode} selected={entry.mode === current} onClick={() => onPick(entry.mode)}>
          {entry.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
