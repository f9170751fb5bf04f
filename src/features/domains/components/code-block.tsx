import Box from '@mui/material/Box';

/** Preformatted text, scrollable and focusable so keyboard users can scroll it. Never parsed as HTML. */
export function CodeBlock({
  text,
  label,
  maxHeight = 360,
}: {
  text: string;
  label: string;
  maxHeight?: number;
}) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      sx={{
        m: 0,
        p: 1.5,
        maxHeight,
        overflow: 'auto',
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: '0.8125rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {text}
    </Box>
  );
}
