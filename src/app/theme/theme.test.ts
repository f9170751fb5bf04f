import { describe, expect, it } from 'vitest';
import { theme } from './theme';

type Scheme = {
  palette: { mode: string; background: { default: string }; primary: { main: string; contrastText: string } };
};

describe('theme', () => {
  // Without CSS variables MUI swaps in the chosen scheme's palette as given: a partial one would leave the
  // light background (and the light palette's derived colours) under a dark primary.
  it('carries a complete palette for each scheme', () => {
    const schemes = (theme as unknown as { colorSchemes: Record<'light' | 'dark', Scheme> }).colorSchemes;
    expect(schemes.dark.palette).toMatchObject({
      mode: 'dark',
      background: { default: '#121212' },
      primary: { main: '#7ab7ff' },
    });
    expect(schemes.dark.palette.primary.contrastText).toEqual(expect.any(String));
    expect(schemes.light.palette).toMatchObject({ mode: 'light', primary: { main: '#0b5cad' } });
  });

  it('starts light and marks the scheme with a class on <html>', () => {
    expect(theme.palette.mode).toBe('light');
    expect(theme.colorSchemeSelector).toBe('class');
  });

  it('never fades a button between colours (half-way, its text would fail its contrast for a moment)', () => {
    const root = theme.components?.MuiButton?.styleOverrides?.root as (props: { theme: typeof theme }) => {
      transition: string;
    };
    const { transition } = root({ theme });
    expect(transition).toMatch(/border-color/);
    expect(transition).not.toMatch(/(?:^|[\s,])(?:color|background-color|background|all)\s/);
  });
});
