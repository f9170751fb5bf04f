import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useRef, type KeyboardEvent } from 'react';

export interface PlainTab<V extends string> {
  value: V;
  label: string;
  /** The tab's own id; its panel is labelled by it. */
  id: string;
  /** The panel it shows. */
  controls: string;
}

const NEXT_INDEX: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs as the WAI-ARIA pattern asks (tablist, tabs, one tab stop, arrows/Home/End move and select) with the
 * look of MUI's, but drawn by CSS alone: MUI Tabs measures itself after every render for its sliding indicator
 * and scroll buttons (~60 ms of layout after the domains page's first paint), which two short labels never need.
 */
export function PlainTabs<V extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly PlainTab<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  const buttons = useRef(new Map<V, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const move = NEXT_INDEX[event.key];
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = move ? tabs[move(index, tabs.length)] : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    buttons.current.get(next.value)?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={{ display: 'flex', minHeight: 48 }}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(node: HTMLButtonElement | null) => {
              if (node) buttons.current.set(tab.value, node);
              else buttons.current.delete(tab.value);
            }}
            role="tab"
            id={tab.id}
            aria-controls={tab.controls}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            focusRipple
            onClick={() => onChange(tab.value)}
            sx={{
              typography: 'button',
              minHeight: 48,
              minWidth: 90,
              px: 2,
              py: 1.5,
              color: selected ? 'primary.main' : 'text.secondary',
              // The indicator is the selected tab's own border: nothing to measure or slide.
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
