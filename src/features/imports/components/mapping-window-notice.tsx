import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { formatDuration, formatNumber } from '@/lib/format';
import type { SourceImport } from '@/contracts/github/source-import';
import { SAVE_SPACING_MS } from '../utils/save-spacing';

/**
 * GitHub takes author mappings only until it pushes new commits, and the API announces no end time: while the
 * import is rewriting (`mapping`) the push can start at any moment. Say so before it happens, with what is
 * still unsaved and how long saving it takes.
 */
export function MappingWindowNotice({ item, unsaved }: { item: SourceImport; unsaved: number }) {
  const saveTime = formatDuration(unsaved * SAVE_SPACING_MS);
  const unsavedText = `${formatNumber(unsaved)} ${unsaved === 1 ? 'edit' : 'edits'} still to save (about ${saveTime} at one a second)`;
  if (item.status === 'waiting_to_push') {
    return unsaved > 0 ? (
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>Mappings are open until you choose how to handle large files</AlertTitle>
        The push waits for your Git LFS choice; once you make it, GitHub pushes and stops taking mappings.
        Save your {unsavedText} first.
      </Alert>
    ) : null;
  }
  if (item.status === 'mapping') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>The mapping window closes when GitHub starts pushing</AlertTitle>
        GitHub is rewriting the history with the authors’ mappings and pushes as soon as it is done; from then
        on it refuses author changes and this editor becomes read-only.{' '}
        {unsaved > 0 ? `Save your ${unsavedText} now.` : 'Everything you changed is saved.'}
      </Alert>
    );
  }
  return null;
}
