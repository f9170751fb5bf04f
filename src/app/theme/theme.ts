import { createTheme, type PaletteOptions } from '@mui/material/styles';

const BRAND: Record<'light' | 'dark', PaletteOptions> = {
  light: { primary: { main: '#0b5cad' }, secondary: { main: '#6b3fa0' } },
  dark: { primary: { main: '#7ab7ff' }, secondary: { main: '#c9a6ff' } },
};

/**
 * Light and dark schemes; the user's choice (or the system's) is remembered by MUI. Not as CSS variables:
 * generating them for both schemes was a third of the app's start-up script (~30 ms, ×4 on a phone);
 * switching the scheme re-renders the page instead. Without variables MUI swaps in the scheme's palette
 * whole; it completes each scheme's palette itself (one theme built, not one per scheme).
 */
const baseTheme = createTheme({
  colorSchemes: { light: { palette: BRAND.light }, dark: { palette: BRAND.dark } },
  shape: { borderRadius: 8 },
  typography: { h4: { fontWeight: 600 } },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        // MUI fades a button's text and background over 250 ms (enabled after loading, hover, a scheme change):
        // half-way the text sits on a colour it was never checked against, and axe measured a contained button
        // mid-fade below 4.5:1 (issue 33, item 17). Colours change at once; only the outline still eases.
        root: ({ theme: current }) => ({
          transition: current.transitions.create(['border-color', 'box-shadow'], {
            duration: current.transitions.duration.short,
          }),
        }),
      },
    },
  },
});

/** MUI still marks `<html>` with the scheme's class (`light` / `dark`) for styles outside React. */
export const theme = Object.assign(baseTheme, { colorSchemeSelector: 'class' as const });
