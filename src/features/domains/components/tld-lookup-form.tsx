import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { normalizeTld } from '../utils/normalize-tld';

export interface TldLookupFormProps {
  initial: string;
  onLookup: (tld: string) => void;
}

/** The TLD box: normalises as the person types and refuses invalid input before any request. */
export function TldLookupForm({ initial, onLookup }: TldLookupFormProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const preview = value.trim() ? normalizeTld(value) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = normalizeTld(value);
    if (!result.ok) {
      setError(result.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    onLookup(result.tld);
  };

  const helper =
    error ??
    (preview?.ok && preview.tld !== value.trim()
      ? `Looks up “${preview.tld}”${preview.unicode ? ` (${preview.unicode})` : ''}.`
      : 'A TLD such as com, .ca, co.uk or an internationalised one (みんな).');

  return (
    <Box
      component="form"
      role="search"
      aria-label="Look up a TLD"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label="TLD"
        value={value}
        inputRef={input}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={helper}
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 260 } }}
        sx={{ minWidth: { xs: '100%', sm: 320 } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchOutlined />} sx={{ mt: 1 }}>
        Look up
      </Button>
    </Box>
  );
}
