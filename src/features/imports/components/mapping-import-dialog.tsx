import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { formatNumber } from '@/lib/format';
import type { CommitAuthor } from '@/contracts/github/source-import';
import { previewInWorker } from '../utils/mapping-preview-client';
import type { PreviewResult } from '../utils/mapping-preview-request';

export interface MappingImportDialogProps {
  open: boolean;
  authors: readonly CommitAuthor[];
  current: (author: CommitAuthor) => { name: string; email: string };
  onApply: (changes: { id: number; name: string; email: string }[]) => void;
  onClose: () => void;
}

const SHOWN = 50;

function PreviewList({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}: {count}
      </Typography>
      {count > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 180, overflow: 'auto' }} tabIndex={0}>
          {children}
        </Box>
      ) : null}
      {count > SHOWN ? (
        <Typography variant="caption" color="text.secondary">
          The first {SHOWN} are listed.
        </Typography>
      ) : null}
    </Box>
  );
}

/** Import a git-svn authors file or a CSV: a preview of matched, unmatched and invalid lines before applying. */
export function MappingImportDialog({ open, authors, current, onApply, onClose }: MappingImportDialogProps) {
  // A chosen file is kept apart from the paste box: 10,000 lines in a text area cost a long layout.
  const [source, setSource] = useState<{ text: string; fileName: string }>({ text: '', fileName: '' });
  const [pasted, setPasted] = useState('');
  const [readError, setReadError] = useState<string | undefined>();
  const [result, setResult] = useState<{ for: typeof source; preview: PreviewResult } | undefined>();
  const shown = useMemo(
    () => authors.map((author) => ({ ...author, ...current(author) })),
    [authors, current],
  );

  useEffect(() => {
    if (!source.text.trim()) return;
    const controller = new AbortController();
    previewInWorker({ text: source.text, fileName: source.fileName, shown }, controller.signal).then(
      (preview) => setResult({ for: source, preview }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setReadError(error instanceof Error ? error.message : 'The mapping could not be read.');
      },
    );
    return () => controller.abort();
  }, [source, shown]);

  const preview = result?.for === source && source.text.trim() ? result.preview : undefined;
  const reading = source.text.trim() !== '' && preview === undefined && readError === undefined;
  const fileName = source.fileName;
  const changes = preview?.matched.filter((match) => !match.unchanged) ?? [];

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReadError(undefined);
    file.text().then(
      (content) => {
        setPasted('');
        setSource({ text: content, fileName: file.name });
      },
      () => setReadError(`Could not read ${file.name}.`),
    );
  };

  const apply = () => {
    onApply(changes.map(({ entry, author }) => ({ id: author.id, name: entry.name, email: entry.email })));
    setSource({ text: '', fileName: '' });
    setPasted('');
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="mapping-import-title" maxWidth="md" fullWidth>
      <DialogTitle id="mapping-import-title">Import an author mapping</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          A git-svn authors file (one <code>user = Name &lt;email&gt;</code> per line) or a CSV with the
          columns <code>remote_id</code> or <code>remote_name</code>, <code>name</code> and <code>email</code>
          . Nothing changes until you apply; applied changes are unsaved edits until you save them.
        </Typography>
        <Stack sx={{ gap: 2 }}>
          <Button component="label" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            Choose a file…
            <input
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              hidden
              onChange={readFile}
              aria-label="Mapping file"
            />
          </Button>
          {fileName ? <Typography variant="body2">File: {fileName}</Typography> : null}
          {readError ? <Alert severity="error">{readError}</Alert> : null}
          <TextField
            label="Or paste the mapping"
            multiline
            minRows={4}
            maxRows={10}
            value={pasted}
            onChange={(event) => {
              setReadError(undefined);
              setPasted(event.target.value);
              setSource({ text: event.target.value, fileName: '' });
            }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {reading ? <Typography variant="body2">Reading the mapping…</Typography> : null}
          {preview ? (
            <Stack sx={{ gap: 2 }} aria-live="polite">
              <Typography variant="body2">
                Read as {preview.format === 'csv' ? 'CSV' : 'an authors file'}.
              </Typography>
              <PreviewList title="Matched" count={preview.matched.length}>
                {preview.matched.slice(0, SHOWN).map(({ entry, author, unchanged }) => (
                  <li key={`${entry.line}`}>
                    {author.remoteName} → {entry.name} &lt;{entry.email}&gt;{unchanged ? ' (no change)' : ''}
                  </li>
                ))}
              </PreviewList>
              <PreviewList title="Not matched" count={preview.unmatched.length}>
                {preview.unmatched.slice(0, SHOWN).map((entry) => (
                  <li key={`${entry.line}`}>
                    Line {entry.line}: {entry.remoteId ?? entry.remoteName} matches no author
                  </li>
                ))}
              </PreviewList>
              <PreviewList title="Invalid" count={preview.invalid.length}>
                {preview.invalid.slice(0, SHOWN).map((line) => (
                  <li key={`${line.line}`}>
                    Line {line.line}: {line.reason} <code>{line.text.slice(0, 120)}</code>
                  </li>
                ))}
              </PreviewList>
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply} disabled={changes.length === 0}>
          Apply {formatNumber(changes.length)} {changes.length === 1 ? 'change' : 'changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
