import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ReclaimAnswer } from '@/contracts/identities';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { identityQueries, useSaveIdentityDrafts, useSendInvitations } from '../api/identity-queries';
import { usePeopleFilter } from '../hooks/use-people-filter';
import { identityHref } from '../paths';
import { identityReadHint } from '../utils/identity-errors';
import { personRows } from '../utils/identity-people';
import { acceptSuggestions, identityRows, invitationsToSend, type IdentityRow } from '../utils/identity-rows';
import { ArchiveNotes } from './archive-notes';
import { PeopleGrid } from './people-grid';
import { SendDialog, type SendProgress } from './send-dialog';

/** Before any import into the target: where mannequins come from, and what to do to get them. */
function NoMannequins({ target }: { target: string }) {
  return (
    <Alert severity="info">
      No mannequins in {target} yet: they appear once a move’s import into {target} has succeeded (GitHub
      makes one for each source user whose issues, pull requests or comments it imported). To map them,{' '}
      <Link component={RouterLink} to="/moves">
        start a move into {target}
      </Link>
      , wait until its repositories are imported, then come back here.
    </Alert>
  );
}

/** One target organization's identity map: the grid, its actions, what the last sending answered. */
export function IdentityMap({ target }: { target: string }) {
  const map = useQuery(identityQueries.map(target));
  const save = useSaveIdentityDrafts(target);
  const send = useSendInvitations(target);
  const [confirming, setConfirming] = useState(false);
  const [skipInvitation, setSkipInvitation] = useState(false);
  const [progress, setProgress] = useState<SendProgress>();
  const [sent, setSent] = useState<ReadonlyMap<string, ReclaimAnswer['results'][number]>>(new Map());
  const rows = useMemo(() => (map.data ? identityRows(map.data) : []), [map.data]);
  const people = useMemo(() => (map.data ? personRows(map.data, rows) : []), [map.data, rows]);
  const filter = usePeopleFilter(people);
  // The bulk actions act on the mannequins shown (all of them unless a kind or a search narrows the grid).
  const shown = useMemo(
    () => filter.shown.flatMap((person) => (person.kind === 'mannequin' ? [person.row] : [])),
    [filter.shown],
  );
  const toSend = invitationsToSend(shown);
  const suggestions = acceptSuggestions(shown);

  if (map.isPending) return <LoadingState label="Loading the identity map" query={map} />;
  if (map.isError)
    return (
      <ErrorAlert
        error={map.error}
        context={`Reading ${target}’s identities`}
        hint={identityReadHint(map.error)}
        onRetry={() => void map.refetch()}
      />
    );

  const choose = (row: IdentityRow, targetUser: string) => {
    if (row.mannequin.databaseId === null) return;
    save.mutate([
      {
        mannequinId: row.mannequin.id,
        databaseId: row.mannequin.databaseId,
        targetUser,
        baseVersion: row.draft?.version ?? 0,
      },
    ]);
  };
  const overwrote = save.data?.results.filter((result) => result.overwrote) ?? [];
  const count = (kind: ReclaimAnswer['results'][number]['result']) =>
    [...sent.values()].filter((result) => result.result === kind).length;
  const invited = count('invited');
  const reattributed = count('reattributed');
  const refused = count('refused');
  const narrowed = shown.length < rows.length;

  const archives = (
    <ArchiveNotes target={target} archives={map.data.archives ?? []} imports={map.data.imports ?? []} />
  );
  if (people.length === 0)
    return (
      <Stack spacing={2}>
        <NoMannequins target={target} />
        {archives}
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {map.data.cut ? <Alert severity="warning">{map.data.cut}</Alert> : null}
      {rows.length === 0 ? <NoMannequins target={target} /> : null}
      {archives}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={suggestions.length === 0 || save.isPending}
          onClick={() => save.mutate(suggestions)}
        >
          Accept suggestions
        </Button>
        <Button variant="outlined" href={identityHref.csv(target)} download>
          Download CSV
        </Button>
        <Button
          variant="contained"
          disabled={toSend.length === 0 || send.isPending}
          onClick={() => setConfirming(true)}
        >
          Send invitations
        </Button>
      </Stack>
      {save.isError ? <ErrorAlert error={save.error} context="Saving the map" /> : null}
      {overwrote.map(({ draft, overwrote: other }) => (
        <Alert key={draft.mannequinId} severity="warning">
          Saved over another person’s choice ({other?.targetUser || 'nobody'}, {other?.updatedAt}).
        </Alert>
      ))}
      {send.isError ? <ErrorAlert error={send.error} context="Sending the invitations" /> : null}
      {sent.size > 0 ? (
        <Alert severity={refused > 0 ? 'warning' : 'success'} role="status">
          {reattributed > 0 ? `${reattributed} mannequin${reattributed === 1 ? '' : 's'} reattributed, ` : ''}
          {invited} invitation{invited === 1 ? '' : 's'} sent, {refused} refused.
          {invited > 0 ? ' A member accepts from GitHub’s e-mail; the mannequin is then reclaimed.' : ''}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {rows.length} mannequin{rows.length === 1 ? '' : 's'} in {target}, {map.data.members.length} member
        {map.data.members.length === 1 ? '' : 's'}
        {narrowed ? `; ${shown.length} shown, which the buttons act on` : ''}. Choose a mannequin’s target
        user in its cell (Enter, F2, a double-click or typing); it is saved when the cell closes. Only
        mannequins are reclaimed (the invitations, the CSV): archive users and commit authors are shown to
        help choose, and commits keep their author’s e-mail, which GitHub attributes to whoever holds it.
      </Typography>
      <PeopleGrid rows={people} sent={sent} onChoose={choose} filter={filter} />
      <SendDialog
        open={confirming}
        target={target}
        count={toSend.length}
        skipInvitation={skipInvitation}
        onSkipInvitation={setSkipInvitation}
        busy={send.isPending}
        progress={progress}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setProgress({ answered: 0, total: toSend.length });
          send.mutate(
            {
              mappings: toSend,
              skipInvitation,
              onProgress: (answered, total) => setProgress({ answered, total }),
            },
            {
              onSuccess: (results) => setSent(new Map(results.map((result) => [result.mannequinId, result]))),
              onSettled: () => {
                setConfirming(false);
                setProgress(undefined);
              },
            },
          );
        }}
      />
    </Stack>
  );
}
