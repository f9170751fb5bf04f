import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLatestSearchParams } from './use-latest-search-params';

const inRouter = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/imports/o/r?filter=changed']}>{children}</MemoryRouter>
);

describe('useLatestSearchParams', () => {
  it('keeps both of two writes made before a re-render (a filter click, then a scroll row)', () => {
    const { result } = renderHook(() => useLatestSearchParams(), { wrapper: inRouter });
    const [, update] = result.current;
    act(() => {
      update((current) => {
        const next = new URLSearchParams(current);
        next.delete('filter');
        return next;
      });
      // The same setter, before React renders the first write (as a grid's scroll report may come).
      update((current) => {
        const next = new URLSearchParams(current);
        next.set('row', '40');
        return next;
      });
    });
    expect(result.current[0].toString()).toBe('row=40');
  });

  it('starts from the address as rendered', () => {
    const { result } = renderHook(() => useLatestSearchParams(), { wrapper: inRouter });
    expect(result.current[0].get('filter')).toBe('changed');
    act(() =>
      result.current[1](
        (current) => new URLSearchParams({ ...Object.fromEntries(current), sort: 'name:asc' }),
      ),
    );
    expect(result.current[0].toString()).toBe('filter=changed&sort=name%3Aasc');
  });
});
