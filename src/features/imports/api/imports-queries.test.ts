import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';
import { listCommitAuthors } from './imports-queries';

const AUTHORS = `${TEST_ORIGIN}/api/github/repos/octo-org/hello-world/import/authors`;

function author(id: number) {
  return { id, remote_id: `u${id}`, remote_name: `u${id}`, name: `U ${id}`, email: `u${id}@x.test` };
}

/** GitHub's `since` paging, three authors an answer, over ids 1–5; records every `since` asked for. */
function pagedAuthors(asked: (string | null)[]) {
  simServer.use(
    http.get(AUTHORS, ({ request }) => {
      const since = new URL(request.url).searchParams.get('since');
      asked.push(since);
      const ids = [1, 2, 3, 4, 5].filter((id) => id > Number(since ?? 0)).slice(0, 3);
      return HttpResponse.json(ids.map(author));
    }),
  );
}

describe('listCommitAuthors', () => {
  it('follows `since` until an answer comes back empty', async () => {
    const asked: (string | null)[] = [];
    pagedAuthors(asked);
    const authors = await listCommitAuthors('octo-org', 'hello-world');
    expect(authors.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([null, '3', '5']);
  });

  it('stops once the count the status gave is in, without asking for an empty page', async () => {
    const asked: (string | null)[] = [];
    pagedAuthors(asked);
    const authors = await listCommitAuthors('octo-org', 'hello-world', 5);
    expect(authors.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([null, '3']);
  });
});
