import { act, render, renderHook, screen } from '@testing-library/react';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adoptRendered, useLatestSearchParams } from './use-latest-search-params';

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

  it('keeps a write made after a render but before that render’s effects ran (a busy machine)', () => {
    const set = (params: URLSearchParams, key: string, value: string) => {
      const next = new URLSearchParams(params);
      next.set(key, value);
      return next;
    };
    let write: ((update: (current: URLSearchParams) => URLSearchParams) => void) | undefined;
    function Probe() {
      const [params, update] = useLatestSearchParams();
      write = update;
      // Once "synthesised" is drawn: a click on "All" lands before the render's effects run, the search after.
      useLayoutEffect(() => {
        if (params.get('filter') === 'synthesised') update((current) => set(current, 'filter', 'all'));
      }, [params, update]);
      useEffect(() => {
        if (params.get('filter') === 'synthesised') update((current) => set(current, 'q', 'ada'));
      }, [params, update]);
      return <output>{params.toString()}</output>;
    }
    render(<Probe />, { wrapper: inRouter });
    act(() => write?.((current) => set(current, 'filter', 'synthesised')));
    expect(screen.getByRole('status')).toHaveTextContent('filter=all&q=ada');
  });
});

describe('adoptRendered', () => {
  const state = (latest: string, written: string[]) => ({ latest, written });

  it('takes a render of the last write, or any render when nothing is waiting', () => {
    expect(adoptRendered(state('a=2', ['a=1', 'a=2']), 'a=2')).toEqual(state('a=2', []));
    expect(adoptRendered(state('a=1', []), 'a=3')).toEqual(state('a=3', []));
  });

  it('keeps the newer write when an earlier one renders late', () => {
    expect(adoptRendered(state('a=3', ['a=1', 'a=2', 'a=3']), 'a=1')).toEqual(state('a=3', ['a=2', 'a=3']));
  });

  it('takes a navigation from elsewhere (Back, a link) even while writes wait', () => {
    expect(adoptRendered(state('a=3', ['a=2', 'a=3']), 'b=1')).toEqual(state('b=1', []));
  });
});
