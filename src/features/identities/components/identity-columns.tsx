import type { GridColumn } from '@/components/virtual-grid/grid-columns';
import { GridChip } from '@/components/virtual-grid/grid-chip';
import { isLogin } from '@/contracts/github/names';
import { KIND_LABELS, suggestionText, type PersonRow } from '../utils/identity-people';
import type { IdentityRow } from '../utils/identity-rows';

/** Who a row is: a mannequin's or archive user's login, a commit author's name. */
export function whoOf(row: PersonRow): string {
  if (row.kind === 'mannequin') return row.row.mannequin.login;
  if (row.kind === 'archive-user') return row.user.login;
  return row.author.name || '—';
}

function emailOf(row: PersonRow): string {
  if (row.kind === 'mannequin') return row.row.mannequin.email ?? '—';
  if (row.kind === 'archive-user') return row.user.emails.join(', ') || '—';
  return row.author.email || '—';
}

function suggestionOf(row: PersonRow): string {
  if (row.kind === 'mannequin') return suggestionText(row.row.suggestion);
  return suggestionText(row.kind === 'archive-user' ? row.user.suggestion : row.author.suggestion);
}

/** Where a person who is no mannequin comes from (shown in the Target user column, which is not theirs). */
function aboutOf(row: Exclude<PersonRow, { kind: 'mannequin' }>): string {
  if (row.kind === 'archive-user')
    return `Not a mannequin: for reference${row.user.name ? ` (${row.user.name})` : ''}`;
  if (row.author.from === 'import')
    return `Commits keep their e-mail; mapped in the import of ${row.author.repository ?? '?'}${
      row.author.remoteName ? ` (was ${row.author.remoteName})` : ''
    }`;
  return 'Commits keep their e-mail';
}

function invitationOf(row: IdentityRow): { tone: 'plain' | 'changed'; label: string } {
  // EMU: no invitation was sent, so nobody accepted one.
  if (row.invitation === 'reattributed')
    return { tone: 'changed', label: `Reattributed to ${row.invitee ?? ''}` };
  if (row.invitation === 'accepted') return { tone: 'changed', label: `Accepted by ${row.invitee ?? ''}` };
  if (row.invitation === 'invited') return { tone: 'plain', label: `Invited: ${row.invitee ?? ''}` };
  return { tone: 'plain', label: 'Not invited' };
}

/** A mannequin's chosen member can be edited unless it was reclaimed or GitHub gave it no database id. */
export const canChoose = (row: PersonRow) =>
  row.kind === 'mannequin' && !row.row.mannequin.claimant && row.row.mannequin.databaseId !== null;

interface IdentityColumn extends GridColumn<PersonRow> {
  /** The track and narrowest width on a phone, when they differ. */
  phoneTrack?: string;
  phoneMinWidth?: number;
}

/**
 * The identity map's columns for the shared virtual grid (the author editor's): Target user edits in place for
 * mannequins; the failure a row shows is the last sending's refusal of its invitation.
 */
const ALL: readonly IdentityColumn[] = [
  {
    field: 'kind',
    header: 'Kind',
    track: 'minmax(110px, 0.6fr)',
    minWidth: 110,
    value: (row) => KIND_LABELS[row.kind].one,
    sortable: true,
  },
  {
    field: 'who',
    header: 'Who',
    track: 'minmax(140px, 1fr)',
    phoneTrack: 'minmax(120px, 1fr)',
    minWidth: 140,
    phoneMinWidth: 120,
    value: whoOf,
    sortable: true,
  },
  {
    field: 'email',
    header: 'E-mail on the source',
    track: 'minmax(180px, 1.2fr)',
    minWidth: 180,
    value: emailOf,
    sortable: true,
  },
  {
    field: 'suggested',
    header: 'Suggested',
    track: 'minmax(160px, 1fr)',
    minWidth: 160,
    value: suggestionOf,
    sortable: true,
  },
  {
    field: 'targetUser',
    header: 'Target user',
    track: 'minmax(160px, 1fr)',
    phoneTrack: 'minmax(150px, 1fr)',
    minWidth: 160,
    phoneMinWidth: 150,
    value: (row) => (row.kind === 'mannequin' ? row.row.chosen : ''),
    render: (row) => (row.kind === 'mannequin' ? row.row.chosen : <GridChip>{aboutOf(row)}</GridChip>),
    editable: canChoose,
    validate: (value) => (value.trim() !== '' && !isLogin(value.trim()) ? 'Not a GitHub login' : undefined),
  },
  {
    field: 'invitation',
    header: 'Invitation',
    track: 'minmax(160px, 1fr)',
    minWidth: 160,
    value: (row) => (row.kind === 'mannequin' ? invitationOf(row.row).label : ''),
    render: (row, failure) => {
      if (row.kind !== 'mannequin') return '';
      const state = invitationOf(row.row);
      return (
        <>
          <GridChip tone={state.tone}>{state.label}</GridChip>
          {failure ? (
            <GridChip tone="failed" title={failure}>
              Refused: {failure}
            </GridChip>
          ) : null}
        </>
      );
    },
  },
];

/**
 * On a phone (360 px) the two a person acts on come first — who the row is and the member chosen for it — then
 * the suggestion, the invitation, the e-mail and the kind, reached by scrolling sideways.
 */
const PHONE_ORDER = ['who', 'targetUser', 'suggested', 'invitation', 'email', 'kind'];

const WIDE: readonly GridColumn<PersonRow>[] = ALL;
const PHONE: readonly GridColumn<PersonRow>[] = PHONE_ORDER.flatMap((field) => {
  const column = ALL.find((candidate) => candidate.field === field);
  return column
    ? [
        {
          ...column,
          track: column.phoneTrack ?? column.track,
          minWidth: column.phoneMinWidth ?? column.minWidth,
        },
      ]
    : [];
});

export function identityColumns(phone: boolean): readonly GridColumn<PersonRow>[] {
  return phone ? PHONE : WIDE;
}
