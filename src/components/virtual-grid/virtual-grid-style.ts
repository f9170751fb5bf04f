import type { SxProps, Theme } from '@mui/material/styles';

export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 40;

/**
 * A virtual grid's look, as one class on its scrolling root: rows and cells are plain elements with class names,
 * so drawing a row creates no styled components (that is most of what keeps a keystroke under 50 ms).
 */
export const virtualGridSx: SxProps<Theme> = (theme) => {
  // The CSS variables (light or dark, switched by a class), not the light palette's values.
  const { palette } = theme.vars ?? theme;
  return {
    overflow: 'auto',
    position: 'relative',
    border: `1px solid ${palette.divider}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    fontSize: theme.typography.body2.fontSize,
    '& .virtual-grid-head': {
      position: 'sticky',
      top: 0,
      zIndex: 2,
      backgroundColor: palette.background.paper,
    },
    '& .virtual-grid-header-row': {
      display: 'grid',
      height: HEADER_HEIGHT,
      fontWeight: theme.typography.fontWeightMedium,
      borderBottom: `1px solid ${palette.divider}`,
    },
    '& .virtual-grid-body': { position: 'relative' },
    '& .virtual-grid-row': {
      display: 'grid',
      position: 'absolute',
      top: 0,
      left: 0,
      right: 0,
      height: ROW_HEIGHT,
      borderBottom: `1px solid ${palette.divider}`,
      '&:hover': { backgroundColor: palette.action.hover },
    },
    '& .virtual-grid-cell': {
      minWidth: 0,
      paddingInline: theme.spacing(1),
      lineHeight: `${ROW_HEIGHT - 1}px`,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      outline: 'none',
      '&:focus': { boxShadow: `inset 0 0 0 2px ${palette.primary.main}` },
      '&[aria-invalid="true"]': { color: palette.error.main },
    },
    '& .virtual-grid-header-row .virtual-grid-cell': { lineHeight: `${HEADER_HEIGHT - 1}px` },
    '& .virtual-grid-cell.drawn': { display: 'flex', alignItems: 'center', gap: theme.spacing(0.5) },
    '& .virtual-grid-cell.editing': { padding: 0 },
    '& .virtual-grid-input': {
      width: '100%',
      height: '100%',
      boxSizing: 'border-box',
      paddingInline: theme.spacing(1),
      border: 'none',
      font: 'inherit',
      color: palette.text.primary,
      backgroundColor: palette.background.paper,
      outline: `2px solid ${palette.primary.main}`,
      outlineOffset: -2,
      '&[aria-invalid="true"]': { outlineColor: palette.error.main },
    },
    '& .virtual-grid-sort': {
      all: 'unset',
      display: 'inline-block',
      maxWidth: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'top',
      cursor: 'pointer',
      font: 'inherit',
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}` },
    },
    '& .virtual-grid-sort-mark': {
      display: 'inline-block',
      width: '1em',
      marginInlineStart: theme.spacing(0.5),
    },
    '& .virtual-grid-chip': {
      display: 'inline-block',
      lineHeight: '20px',
      paddingInline: theme.spacing(1),
      borderRadius: 10,
      fontSize: '0.75rem',
      border: `1px solid ${palette.text.secondary}`,
      color: palette.text.primary,
    },
    '& .virtual-grid-chip.failed': {
      borderColor: palette.error.main,
      backgroundColor: palette.error.main,
      color: palette.error.contrastText,
    },
    '& .virtual-grid-chip.invalid': { borderColor: palette.error.main, color: palette.error.main },
    '& .virtual-grid-chip.changed': {
      borderColor: palette.primary.main,
      color: palette.primary.main,
    },
  };
};
