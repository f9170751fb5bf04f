import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReclaimAnswer } from '@/contracts/identities';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { identityQueries, useSaveIdentityDrafts, useSendInvitations } from '../api/identity-queries';
import { identityHref } from '../paths';
import { personRows } from '../utils/identity-people';
import { acceptSuggestions, identityRows, invitationsToSend, type IdentityRow } from '../utils/identity-rows';
import { ArchiveNotes } from './archive-notes';
import { PeopleGrid } from './people-grid';

/** One target organization's identity map: the grid, its actions, what the last sending answered. */
export function IdentityMap({ target }: { target: string }) {
  const map = useQuery(identityQueries.map(target));
  const save = useSaveIdentityDrafts(target);
  const send = useSendInvitations(target);
  const [confirming, setConfirming] = useState(false);
  const [skipInvitation, setSkipInvitation] = useState(false);
  const [sent, setSent] = useState<ReadonlyMap<string, ReclaimAnswer['results'][number]>>(new Map());
  const rows = useMemo(() => (map.data ? identityRows(map.data) : []), [map.data]);
  const people = useMemo(() => (map.data ? personRows(map.data, rows) : []), [map.data, rows]);
  const toSend = invitationsToSend(rows);
  const suggestions = acceptSuggestions(rows);

  if (map.isPending) return <LoadingState label="Loading the identity map" />;
  if (map.isError) return <ErrorAlert error={map.error} onRetry={() => void map.refetch()} />;

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

  const archives = (
    <ArchiveNotes target={target} archives={map.data.archives ?? []} imports={map.data.imports ?? []} />
  );
  const noMannequins = (
    <Alert severity="info">No mannequins in {target} yet: they appear after an import.</Alert>
  );
  if (people.length === 0)
    return (
      <Stack spacing={2}>
        {noMannequins}
        {archives}
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {map.data.cut ? <Alert severity="warning">{map.data.cut}</Alert> : null}
      {rows.length === 0 ? noMannequins : null}
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
        {map.data.members.length === 1 ? '' : 's'}. Choose a mannequin’s target user in its cell (Enter, F2, a
        double-click or typing); it is saved when the cell closes. Only mannequins are reclaimed (the
        invitations, the CSV): archive users and commit authors are shown to help choose, and commits keep
        their author’s e-mail, which GitHub attributes to whoever holds it.
      </Typography>
      <PeopleGrid rows={people} sent={sent} onChoose={choose} />
      <ConfirmDialog
        open={confirming}
        title={skipInvitation ? 'Reattribute without invitations?' : 'Send attribution invitations?'}
        confirmLabel={`${skipInvitation ? 'Reattribute' : 'Send'} ${toSend.length}`}
        cancelLabel="Not now"
        busy={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          send.mutate(
            { mappings: toSend, skipInvitation },
            {
              onSuccess: (results) => setSent(new Map(results.map((result) => [result.mannequinId, result]))),
              onSettled: () => setConfirming(false),
            },
          )
        }
      >
        {skipInvitation
          ? `GitHub gives each mannequin’s issues, pull requests and comments in ${target} to the chosen member at once, without asking them; it cannot be undone from Ferry.`
          : `GitHub e-mails each chosen member an invitation to take over the mannequin’s issues, pull requests and comments in ${target}; it cannot be withdrawn from Ferry.`}{' '}
        {toSend.length} mannequin{toSend.length === 1 ? '' : 's'}, about 4 a second.
        <FormControlLabel
          sx={{ display: 'flex', mt: 1 }}
          control={
            <Checkbox
              checked={skipInvitation}
              onChange={(event) => setSkipInvitation(event.target.checked)}
              disabled={send.isPending}
            />
          }
          label="Reattribute at once, without invitations (organizations of Enterprise Managed Users only; GitHub refuses it elsewhere)"
        />
      </ConfirmDialog>
    </Stack>
  );
}
