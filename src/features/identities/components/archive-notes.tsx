import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { ArchiveReading } from '@/contracts/identities';

/**
 * Where the archive users and commit authors come from: none yet (say how to get them), archives still being read,
 * and each archive that could not be read with why.
 */
export function ArchiveNotes({
  target,
  archives,
  imports = [],
}: {
  target: string;
  archives: readonly ArchiveReading[];
  imports?: readonly ArchiveReading[];
}) {
  const importNotes = imports
    .filter((reading) => reading.state === 'refused')
    .map((reading) => (
      <Alert key={`import:${reading.repository}`} severity="warning">
        The author mapping of the import into {reading.repository} was not read: {reading.note}
      </Alert>
    ));
  if (archives.length === 0)
    return (
      <>
        <Alert severity="info">
          No move into {target} has a verified archive yet: the archive’s users and the commits’ authors
          appear here once a move has exported a repository.{' '}
          <Link component={RouterLink} to="/moves">
            Plan a move
          </Link>
          .
        </Alert>
        {importNotes}
      </>
    );
  const reading = archives.filter((archive) => archive.state === 'reading').length;
  const refused = archives.filter((archive) => archive.state === 'refused');
  const cut = archives.filter((archive) => archive.state === 'read' && archive.note);
  return (
    <>
      {reading > 0 ? (
        <Alert severity="info" role="status">
          Reading {reading} of {archives.length} archive{archives.length === 1 ? '' : 's'} for their users and
          commit authors…
        </Alert>
      ) : null}
      {[...refused, ...cut].map((archive) => (
        <Alert key={archive.repository} severity="warning">
          {archive.state === 'refused' ? 'Not read: ' : ''}
          {archive.repository}’s archive: {archive.note}
        </Alert>
      ))}
      {importNotes}
    </>
  );
}
