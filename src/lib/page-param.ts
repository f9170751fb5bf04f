/**
 * A list's page in the address (`?page=2`, or another name when a page holds two lists), so a reload, the
 * back button or a shared link shows the same page. Anything that is not a whole number from 1 reads as 1;
 * page 1 is left out of the address.
 */
const MAX_PAGE = 100_000;

export function readPage(params: URLSearchParams, name = 'page'): number {
  const value = params.get(name);
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The params with the page written in; other params are kept. */
export function writePage(params: URLSearchParams, page: number, name = 'page'): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!Number.isSafeInteger(page) || page <= 1) next.delete(name);
  else next.set(name, String(Math.min(page, MAX_PAGE)));
  return next;
}
