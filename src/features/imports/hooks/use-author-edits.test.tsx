import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { DraftsResponse } from '@/contracts/ferry';
import { createQueryClient } from '@/lib/query-client';
import { draftQueries } from '../api/author-drafts';
import { useAuthorEdits } from './use-author-edits';

describe('useAuthorEdits', () => {
  it('an edit made as a save’s answer reaches the drafts list is merged with the saved draft, not the list before it', async () => {
    const queryClient = createQueryClient({ retry: false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useAuthorEdits('octo-org', 'hello-world', 'http://svn.example.com/x'),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current[2].status).toBe('saved'));

    // The store's answer (a saved email) lands in the cache, and before React renders it the person commits a
    // name for the same author: what the page then shows must hold both.
    act(() => {
      queryClient.setQueryData<DraftsResponse>(draftQueries.list('octo-org', 'hello-world').queryKey, {
        drafts: [
          {
            authorId: 7,
            name: '',
            email: 'ada@saved.io',
            version: 1,
            updatedAt: '2026-11-27T08:00:00.000Z',
            updatedBy: 'this-browser',
          },
        ],
      });
      result.current[1]((edits) => ({ ...edits, 7: { ...edits[7], name: 'Ada L' } }));
    });
    expect(result.current[0][7]).toEqual({ name: 'Ada L', email: 'ada@saved.io' });
  });
});
