import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';

/** Copy text to the clipboard; the outcome is announced politely. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" aria-live="polite" style={{ fontSize: '0.8125rem' }}>
        {state === 'copied'
          ? 'Copied.'
          : state === 'failed'
            ? 'Copy failed: select the text and copy it.'
            : ''}
      </span>
    </>
  );
}
