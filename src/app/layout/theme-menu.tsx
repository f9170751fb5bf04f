import Brightness4Outlined from '@mui/icons-material/Brightness4Outlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';

const MODES = [
  { mode: 'system', label: 'System' },
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
] as const;

const ThemeMenuList = lazy(async () => ({
  default: (await import('./theme-menu-list')).ThemeMenuList,
}));

/** Light, dark or the system's choice; MUI remembers it in localStorage. */
export function ThemeMenu() {
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = MODES.find((entry) => entry.mode === mode) ?? MODES[0];
  const Icon =
    mode === 'dark' ? DarkModeOutlined : mode === 'light' ? LightModeOutlined : Brightness4Outlined;
  return (
    <>
      {/* A native title rather than MUI's Tooltip: its popper code would weigh on the first page. */}
      <IconButton
        color="inherit"
        title="Theme"
        aria-label={`Theme: ${current.label}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Icon />
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <ThemeMenuList
            anchor={anchor}
            current={current.mode}
            onPick={(picked) => {
              setMode(picked);
              setAnchor(null);
            }}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
