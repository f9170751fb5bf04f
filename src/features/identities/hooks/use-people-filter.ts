import { useMemo, useState } from 'react';
import { shownPeople, type KindFilter, type PersonRow } from '../utils/identity-people';

/**
 * Which people the map shows — a kind and a search — held by the page, so the bulk actions ("Accept
 * suggestions", "Send invitations") act on exactly the mannequins the grid shows.
 */
export function usePeopleFilter(rows: readonly PersonRow[]) {
  const [kind, setKind] = useState<KindFilter>('all');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => shownPeople(rows, kind, search), [rows, kind, search]);
  return { kind, setKind, search, setSearch, shown };
}

export type PeopleFilter = ReturnType<typeof usePeopleFilter>;
