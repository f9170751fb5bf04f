import Pagination from '@mui/material/Pagination';
import { useSearchParams } from 'react-router';
import { readPage, writePage } from '@/lib/page-param';

/**
 * The page of a list kept in the address (see src/lib/page-param.ts): `[page, setPage]`. Moving to a page
 * is a history entry, so Back returns to the page before.
 */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  return [readPage(params, name), (page) => setParams((current) => writePage(current, page, name))];
}

/** The one pager of Ferry's paged lists; nothing when everything fits on one page. */
export function PageNavigation({
  page,
  lastPage,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (lastPage <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 1 }}
      count={lastPage}
      page={page}
      onChange={(_, next) => onPage(next)}
      aria-label={label}
    />
  );
}
