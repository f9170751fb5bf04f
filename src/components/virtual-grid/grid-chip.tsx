import type { ReactNode } from 'react';

export type GridChipTone = 'plain' | 'failed' | 'invalid' | 'changed';

/**
 * A row's state as a small label in a drawn cell: a plain span styled by the grid's class (an MUI Chip per row
 * would be a styled component per row drawn). The words carry the meaning; the tone only colours them.
 */
export function GridChip({
  tone = 'plain',
  title,
  children,
}: {
  tone?: GridChipTone;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className={tone === 'plain' ? 'virtual-grid-chip' : `virtual-grid-chip ${tone}`} title={title}>
      {children}
    </span>
  );
}
