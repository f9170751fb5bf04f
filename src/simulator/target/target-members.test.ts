import { describe, expect, it } from 'vitest';
import { TARGET_ORG } from './seed';
import { harness } from './test-harness';

const MEMBERS = `query($login: String!, $first: Int, $after: String) { organization(login: $login) {
  membersWithRole(first: $first, after: $after) {
    totalCount pageInfo { endCursor hasNextPage } edges { role node { login } } nodes { id login name email } } } }`;

type Members = {
  organization: {
    membersWithRole: {
      totalCount: number;
      pageInfo: { endCursor: string; hasNextPage: boolean };
      edges: { role: string; node: { login: string } }[];
      nodes: { id: string; login: string; name: string | null; email: string }[];
    };
  };
};

describe('the target organization’s members (membersWithRole, as GitHub’s published schema)', () => {
  it('lists the owner (ADMIN) and the members (MEMBER) with their e-mails, paged', async () => {
    const { graphql } = harness();
    const first = (await graphql<Members>(MEMBERS, { login: TARGET_ORG, first: 2 })).body;
    expect(first.errors).toBeUndefined();
    const page = first.data.organization.membersWithRole;
    expect(page.totalCount).toBe(3);
    expect(page.edges).toEqual([
      { role: 'ADMIN', node: { login: 'octocat' } },
      { role: 'MEMBER', node: { login: 'hubot-cloud' } },
    ]);
    expect(page.nodes[1]).toMatchObject({ login: 'hubot-cloud', email: 'hubot@example.com' });
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = (
      await graphql<Members>(MEMBERS, { login: TARGET_ORG, first: 100, after: page.pageInfo.endCursor })
    ).body.data.organization.membersWithRole;
    expect(rest.nodes.map((node) => node.login)).toEqual(['monalisa']);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    // `outsider` has an account but is no member: not listed.
  });
});
