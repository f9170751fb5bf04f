import { describe, expect, it } from 'vitest';
import { parseMannequinPage, parseMemberPage } from './identities';
import { isShapeError } from './json';

const page = (nodes: unknown[], hasNextPage = false) => ({
  mannequins: { pageInfo: { endCursor: 'c', hasNextPage }, nodes },
  membersWithRole: { pageInfo: { endCursor: 'c', hasNextPage }, nodes },
});

describe('identity answers read at the edge', () => {
  it('reads a page of mannequins; a missing organization is null', () => {
    expect(
      parseMannequinPage(
        page([
          {
            id: 'M_1',
            databaseId: 7,
            login: 'hubot',
            email: 'h@example.com',
            claimant: { id: 'U_1', login: 'hubot-cloud' },
          },
        ]),
      ),
    ).toEqual({
      nodes: [
        {
          id: 'M_1',
          databaseId: 7,
          login: 'hubot',
          email: 'h@example.com',
          claimant: { id: 'U_1', login: 'hubot-cloud' },
        },
      ],
      endCursor: 'c',
      hasNextPage: false,
    });
    expect(parseMannequinPage(null)).toBeNull();
  });

  it('bounds what a hostile answer can grow: 100 nodes a page, logins and e-mails cut', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      id: `M_${i}`,
      login: 'x'.repeat(10_000),
      email: 'e'.repeat(10_000),
    }));
    const read = parseMannequinPage(page(many, true));
    expect(read?.nodes).toHaveLength(100);
    expect(read?.nodes[0]?.login).toHaveLength(100);
    expect(read?.nodes[0]?.email).toHaveLength(320);
    expect(read?.nodes[0]?.databaseId).toBeNull();
    const members = parseMemberPage(page([{ id: 'U_1', login: 'a', email: null, name: 'n'.repeat(1_000) }]));
    expect(members?.nodes[0]).toEqual({ id: 'U_1', login: 'a', email: '', name: 'n'.repeat(256) });
  });

  it('refuses what is not a page: a ShapeError (the gateway answers 502)', () => {
    for (const bad of [
      { mannequins: 'no' },
      { mannequins: { nodes: [], pageInfo: { hasNextPage: 'yes' } } },
      page([{ id: 'not a node id!', login: 'x' }]),
      page([{ id: 'M_1' }]),
      page([{ id: 'M_1', login: 'x', claimant: { login: 'y' } }]),
    ]) {
      let caught: unknown;
      try {
        parseMannequinPage(bad);
      } catch (error) {
        caught = error;
      }
      expect(isShapeError(caught)).toBe(true);
    }
  });
});
