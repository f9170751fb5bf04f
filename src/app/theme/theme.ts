import { createTheme } from '@mui/material/styles';

/** Light and dark schemes as CSS variables; the user's choice (or the system's) is remembered by MUI. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: { palette: { primary: { main: '#0b5cad' }, secondary: { main: '#6b3fa0' } } },
    dark: { palette: { primary: { main: '#7ab7ff' }, secondary: { main: '#c9a6ff' } } },
  },
  shape: { borderRadius: 8 },
  typography: { h4: { fontWeight: 600 } },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
