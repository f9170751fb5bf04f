import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useWhenSeen, type WhenSeenOptions } from '@/hooks/use-when-seen';

// Out of sight until focused, like a skip link: pointer users never meet it, keyboard users land on it.
const HIDDEN_UNTIL_FOCUSED = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  '&:focus': { width: 'auto', height: 'auto', clipPath: 'none', top: 8, left: 8 },
} as const;

export interface WhenSeenProps extends WhenSeenOptions {
  /** What the part is, for the keyboard's way in: "Show chart". */
  showLabel: string;
  /** Drawn until the part starts; as tall as the part where it can be, so nothing moves when it arrives. */
  placeholder: ReactNode;
  /** The heavy part: rendered (and its lazy code requested) only once started. */
  children: ReactNode;
}

/**
 * A heavy part that starts when it comes near the viewport or the main thread is idle (`useWhenSeen`).
 * Focusing its way in ("Show chart") starts it at once and hands the focus to the part, so keyboard and
 * screen-reader users reach it without waiting.
 */
export function WhenSeen({ showLabel, placeholder, children, ...options }: WhenSeenProps) {
  const { ref, started, start } = useWhenSeen<HTMLDivElement>(options);
  const [asked, setAsked] = useState(false);
  const partRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (started && asked) partRef.current?.focus();
  }, [started, asked]);

  if (started) {
    return (
      <Box ref={partRef} tabIndex={asked ? -1 : undefined}>
        {children}
      </Box>
    );
  }
  const ask = () => {
    setAsked(true);
    start();
  };
  return (
    <Box ref={ref} sx={{ position: 'relative' }}>
      {placeholder}
      <Box component="button" type="button" onFocus={ask} onClick={ask} sx={HIDDEN_UNTIL_FOCUSED}>
        {showLabel}
      </Box>
    </Box>
  );
}
