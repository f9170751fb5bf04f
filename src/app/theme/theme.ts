import { createTheme, type PaletteOptions } from '@mui/material/styles';

const BRAND: Record<'light' | 'dark', PaletteOptions> = {
  light: { primary: { main: '#0b5cad' }, secondary: { main: '#6b3fa0' } },
  dark: { primary: { main: '#7ab7ff' }, secondary: { main: '#c9a6ff' } },
};

/** A complete palette: without CSS variables MUI swaps the scheme's palette in whole, as given. */
function palette(mode: 'light' | 'dark') {
  return createTheme({ palette: { mode, ...BRAND[mode] } }).palette;
}

/**
 * Light and dark schemes; the user's choice (or the system's) is remembered by MUI. Not as CSS variables:
 * generating them for both schemes was a third of the app's start-up script (~30 ms, ×4 on a phone);
 * switching the scheme re-renders the page instead.
 */
const baseTheme = createTheme({
  colorSchemes: { light: { palette: palette('light') }, dark: { palette: palette('dark') } },
  shape: { borderRadius: 8 },
  typography: { h4: { fontWeight: 600 } },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

/** MUI still marks `<html>` with the scheme's class (`light` / `dark`) for styles outside React. */
export const theme = Object.assign(baseTheme, { colorSchemeSelector: 'class' as const });
