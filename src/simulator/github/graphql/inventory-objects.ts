import { connection, countOnly, type PageArgs } from '@/simulator/graphql/connection';
import { githubError } from '@/simulator/graphql/github-error';
import { nodeId } from '@/simulator/target/ids';
import { branchChangelog, changelogText, paddingBlobOid, readmeText } from '../content/bare-repository';
import { gitObject } from '../content/git-objects';
import { repositoryContent } from '../content/repository-content';
import type { SimRepo } from '../factories/repository';
import {
  organizationResources,
  repositoryResources,
  type RepositoryResources,
  type SimEnvironment,
  type SimTeam,
} from '../inventory/repository-resources';
import { gitRefsOf, paddingBytes } from '../migrations/git-data';
import { isInsider, type SourceContext } from './context';
import { userOf } from './user-object';

/**
 * The source's answers to the gateway's inventory (issue 49) over `repositoryResources` and the Git content
 * model, so GraphQL tells the story REST and the archives tell: a repository's settings and what GEI leaves
 * behind, its refs with the archive's commit ids, its files at a ref, and the organization's teams.
 */
type Permission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';

/** REST's permission names → GraphQL's `RepositoryPermission`. */
const PERMISSION: Record<Permission, string> = {
  admin: 'ADMIN',
  maintain: 'MAINTAIN',
  push: 'WRITE',
  triage: 'TRIAGE',
  pull: 'READ',
};

/** A connection whose edges carry the caller's `permission` beside the node (collaborators, a team's repositories). */
function permissionConnection<T>(items: { node: T; permission: Permission }[], args: PageArgs, name: string) {
  const base = connection(items, args, name);
  return {
    ...base,
    nodes: () => base.nodes().map((item) => item.node),
    edges: () =>
      base.edges().map((edge) => ({
        cursor: edge.cursor,
        node: edge.node.node,
        permission: PERMISSION[edge.node.permission],
      })),
  };
}

function commitObject(oid: string, history: number) {
  return { __typename: 'Commit', id: `C_${oid}`, oid, history: () => countOnly(history) };
}

/** A repository's refs: each branch (with the resources' extra ones) and tag, named by commit id as the archive. */
function refLists(repo: SimRepo, ctx: SourceContext, resources: RepositoryResources) {
  const content = repositoryContent(repo);
  const ids = () => gitRefsOf(repo, ctx.state.archiveBytesPerKb);
  const head = () => ids().heads[content.defaultBranch] ?? '';
  const ref = (prefix: string, name: string, target: () => unknown) => ({
    __typename: 'Ref',
    id: nodeId('REF', `${repo.id}:${prefix}${name}`),
    name,
    prefix,
    target,
  });
  const historyOf = (branch: string) => branchChangelog(content, branch)?.length ?? content.commits.length;
  const branchNames = [content.defaultBranch, ...content.branches.map((branch) => branch.name)];
  const heads = [
    ...branchNames.map((name) =>
      ref('refs/heads/', name, () => commitObject(ids().heads[name] ?? '', historyOf(name))),
    ),
    // Not in the Git data (GitHub refuses such names on import): they point at the default branch's head.
    ...resources.extraBranches.map((name) =>
      ref('refs/heads/', name, () => commitObject(head(), content.commits.length)),
    ),
  ];
  const tags = content.tags.map((tag) =>
    ref('refs/tags/', tag.name, () => {
      const oid = ids().tags[tag.name] ?? '';
      const commit = commitObject(ids().trunk[tag.commit] ?? '', tag.commit + 1);
      if (!tag.annotated) return commit;
      return {
        __typename: 'Tag',
        id: `TAG_${oid}`,
        oid,
        name: tag.name,
        message: tag.message,
        target: commit,
      };
    }),
  );
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return { heads: heads.sort(byName), tags: tags.sort(byName), head };
}

function blobObject(oid: string, byteSize: number, text: string | null) {
  return {
    __typename: 'Blob',
    id: `B_${oid}`,
    oid,
    abbreviatedOid: oid.slice(0, 7),
    byteSize,
    isBinary: text === null,
    isTruncated: false,
    text,
  };
}

const textBlob = (text: string) => {
  const body = Buffer.from(text);
  return blobObject(gitObject('blob', body).oid, body.length, text);
};

/**
 * `object(expression: "<rev>:<path>")`: README.md, CHANGELOG.md and the padding as the Git data holds them,
 * `.gitattributes` from the resources; `<rev>` alone is its commit. `HEAD` is the default branch; an unknown rev
 * or path is null, as on GitHub.
 */
function objectAt(repo: SimRepo, ctx: SourceContext, resources: RepositoryResources) {
  const content = repositoryContent(repo);
  return (args: { expression?: string | null; oid?: string | null }) => {
    const refs = () => gitRefsOf(repo, ctx.state.archiveBytesPerKb);
    if (args.oid) {
      const branch = Object.entries(refs().heads).find(([, oid]) => oid === args.oid)?.[0];
      return branch ? commitObject(args.oid, branchChangelog(content, branch)?.length ?? 0) : null;
    }
    const expression = args.expression ?? '';
    if (expression === '') return null;
    const colon = expression.indexOf(':');
    const rev = (colon < 0 ? expression : expression.slice(0, colon)).replace(/^refs\/heads\//, '');
    const branch = rev === 'HEAD' || rev === '' ? content.defaultBranch : rev;
    const messages = branchChangelog(content, branch);
    if (!messages) return null;
    if (colon < 0) return commitObject(refs().heads[branch] ?? '', messages.length);
    const path = expression.slice(colon + 1).replace(/^\.\//, '');
    const pad = paddingBytes(repo, ctx.state.archiveBytesPerKb);
    if (path === 'README.md') return textBlob(readmeText(repo));
    if (path === 'CHANGELOG.md') return textBlob(changelogText(messages));
    if (path === '.gitattributes' && resources.gitattributes !== undefined)
      return textBlob(resources.gitattributes);
    if (pad > 0 && path === `assets/${repo.name}.bin`)
      return blobObject(paddingBlobOid(repo.id, pad), pad, null);
    return null;
  };
}

/** GitHub's protection rules of an environment, in its order: reviewers, wait timer, branch policy. */
function protectionRules(environment: SimEnvironment) {
  return [
    ...(environment.reviewers.length > 0 ? [{ type: 'REQUIRED_REVIEWERS', timeout: 0 }] : []),
    ...(environment.waitTimer > 0 ? [{ type: 'WAIT_TIMER', timeout: environment.waitTimer }] : []),
    ...(environment.branchPolicy ? [{ type: 'BRANCH_POLICY', timeout: 0 }] : []),
  ];
}

/**
 * Collaborators by affiliation: OUTSIDE — the outside collaborators; DIRECT — those, the members added directly
 * (the repository's admins) and, for a user's repository, its owner; ALL (the default) — also the organization's owners (admin) and the members its teams give access.
 * Listing them needs push access (GitHub: "Must have push access to view repository collaborators.").
 */
function collaborators(repo: SimRepo, ctx: SourceContext, resources: RepositoryResources) {
  return (args: PageArgs & { affiliation?: string | null }) => {
    if (!isInsider(ctx, repo.owner))
      throw githubError('FORBIDDEN', 'Must have push access to view repository collaborators.');
    const affiliation = args.affiliation ?? 'ALL';
    const granted = new Map<string, Permission>();
    const org = ctx.state.world.orgs.get(repo.owner.toLowerCase());
    if (affiliation !== 'OUTSIDE' && !org) granted.set(repo.owner, 'admin');
    if (affiliation === 'ALL' && org) {
      const rank = Object.keys(PERMISSION); // the strongest first
      for (const team of organizationResources(repo.owner, ctx.state.world.repos).teams) {
        const permission = team.repositories.find((r) => r.name === repo.name)?.permission;
        if (!permission) continue;
        for (const login of team.members) {
          const known = granted.get(login);
          if (!known || rank.indexOf(permission) < rank.indexOf(known)) granted.set(login, permission);
        }
      }
      for (const login of org.owners) granted.set(login, 'admin');
    }
    // The repository's own admins: organization members added directly, with the admin role.
    if (affiliation !== 'OUTSIDE') for (const login of repo.admins ?? []) granted.set(login, 'admin');
    for (const outside of resources.outsideCollaborators) granted.set(outside.login, outside.permission);
    const items = [...granted].map(([login, permission]) => ({ node: userOf(ctx.state, login), permission }));
    return permissionConnection(items, args, 'collaborators');
  };
}

/** The inventory's fields of a `Repository` (beside objects.ts's), and its `refs` and `defaultBranchRef` head. */
export function repositoryInventoryFields(repo: SimRepo, ctx: SourceContext) {
  const resources = repositoryResources(repo);
  const refs = refLists(repo, ctx, resources);
  const key = (kind: string, id: number | string) => nodeId(kind, `${repo.id}:${id}`);
  return {
    headOid: refs.head,
    hasWikiEnabled: resources.hasWiki,
    hasDiscussionsEnabled: resources.hasDiscussions,
    discussions: (args: PageArgs) =>
      connection(
        Array.from({ length: resources.discussions }, (_, index) => ({
          id: key('D', index + 1),
          number: index + 1,
          title: `Discussion ${index + 1}`,
        })),
        args,
        'discussions',
      ),
    projectsV2: (args: PageArgs) =>
      connection(
        Array.from({ length: resources.projects }, (_, index) => ({
          id: key('PVT', index + 1),
          number: index + 1,
          title: index === 0 ? `${repo.name} roadmap` : `${repo.name} project ${index + 1}`,
        })),
        args,
        'projectsV2',
      ),
    deployKeys: (args: PageArgs) =>
      connection(
        resources.deployKeys.map((k) => ({ ...k, id: key('DK', k.id) })),
        args,
        'deployKeys',
      ),
    environments: (args: PageArgs) =>
      connection(
        resources.environments.map((environment) => ({
          id: key('EN', environment.id),
          databaseId: environment.id,
          name: environment.name,
          protectionRules: (page: PageArgs) =>
            connection(protectionRules(environment), page, 'protectionRules'),
        })),
        args,
        'environments',
      ),
    // The organization has no rulesets of its own: `includeParents` adds nothing.
    rulesets: (args: PageArgs & { includeParents?: boolean | null }) =>
      connection(
        resources.rulesets.map((ruleset) => ({
          id: key('RRS', ruleset.id),
          databaseId: ruleset.id,
          name: ruleset.name,
          target: ruleset.target.toUpperCase(),
          enforcement: ruleset.enforcement.toUpperCase(),
        })),
        args,
        'rulesets',
      ),
    collaborators: collaborators(repo, ctx, resources),
    object: objectAt(repo, ctx, resources),
    refs: (args: PageArgs & { refPrefix: string }) => {
      const prefix = args.refPrefix;
      const all = prefix === 'refs/';
      const items = [
        ...(all || prefix === 'refs/heads/' ? refs.heads : []),
        ...(all || prefix === 'refs/tags/' ? refs.tags : []),
      ].map((ref) => (all ? { ...ref, name: `${ref.prefix.slice(5)}${ref.name}`, prefix } : ref));
      return connection(items, args, 'refs');
    },
  };
}

/**
 * An organization's teams (`organizationResources`), as the caller may see them: visible teams to its members,
 * secret ones to its owners and the team's members; its app sees all of them.
 */
export function teamsConnection(
  login: string,
  ctx: SourceContext,
  args: PageArgs & { rootTeamsOnly?: boolean | null },
  repositoryOf: (repo: SimRepo) => unknown,
) {
  const { state, actor } = ctx;
  const org = state.world.orgs.get(login.toLowerCase());
  const owner = Boolean(actor.login && org?.owners.includes(actor.login));
  const member = (team: SimTeam) => !actor.login || team.members.includes(actor.login);
  const teams = isInsider(ctx, login)
    ? organizationResources(login, state.world.repos).teams.filter(
        (team) => team.privacy === 'closed' || owner || member(team),
      )
    : [];
  const reposOf = (team: SimTeam) =>
    team.repositories.flatMap((granted) => {
      const repo = state.world.repos.find((r) => r.owner === login && r.name === granted.name);
      return repo ? [{ node: repositoryOf(repo), permission: granted.permission }] : [];
    });
  const objects = new Map<string, Record<string, unknown>>();
  for (const team of teams) {
    objects.set(team.slug, {
      id: nodeId('T', String(team.id)),
      databaseId: team.id,
      slug: team.slug,
      name: team.name,
      description: team.description,
      privacy: team.privacy === 'secret' ? 'SECRET' : 'VISIBLE',
      members: (page: PageArgs) =>
        connection(
          team.members.map((name) => userOf(state, name)),
          page,
          'members',
        ),
      repositories: (page: PageArgs) => permissionConnection(reposOf(team), page, 'repositories'),
    });
  }
  for (const team of teams) {
    const object = objects.get(team.slug);
    if (object) object.parentTeam = team.parent ? (objects.get(team.parent) ?? null) : null;
  }
  const listed = teams.filter((team) => !args.rootTeamsOnly || !team.parent);
  return connection(
    listed.flatMap((team) => objects.get(team.slug) ?? []),
    args,
    'teams',
  );
}
