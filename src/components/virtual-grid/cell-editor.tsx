import Tooltip from '@mui/material/Tooltip';
import { useRef, useState, type KeyboardEvent } from 'react';

export interface CellEditorProps {
  initial: string;
  /** Read by screen readers as "Email for jdoe". */
  label: string;
  validate: (value: string) => string | undefined;
  /** `next`: Enter was pressed (focus moves down, as in a spreadsheet); `stay`: the field lost focus. */
  onCommit: (value: string, then: 'next' | 'stay') => void;
  onCancel: () => void;
}

/**
 * The inline editor of a grid cell: validates as you type and says what is wrong (to eyes and to
 * screen readers). Enter keeps a valid value, Escape drops it; an invalid value stays open until fixed, so
 * nothing typed disappears on a stray click.
 */
export function CellEditor({ initial, label, validate, onCommit, onCancel }: CellEditorProps) {
  const [value, setValue] = useState(initial);
  // Enter commits and unmounts the input, which can also fire a blur: commit once.
  const done = useRef(false);
  const problem = validate(value);
  const finish = (then: 'next' | 'stay') => {
    if (done.current || problem !== undefined) return;
    done.current = true;
    onCommit(value, then);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The grid's own keys (arrows, Home/End) move the caret here, not the focused cell.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      finish('next');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      done.current = true;
      onCancel();
    }
  };
  return (
    <Tooltip open={problem !== undefined} title={problem ?? ''} describeChild placement="bottom-start" arrow>
      <input
        className="virtual-grid-input"
        // The user asked to edit this cell (double-click, Enter or F2).
        autoFocus
        value={value}
        aria-label={label}
        aria-invalid={problem !== undefined}
        onChange={(event) => setValue(event.target.value)}
        // The caret after the value (a typed first character is kept, not selected or typed over).
        onFocus={(event) => event.currentTarget.setSelectionRange(value.length, value.length)}
        onKeyDown={onKeyDown}
        onBlur={() => finish('stay')}
      />
    </Tooltip>
  );
}
