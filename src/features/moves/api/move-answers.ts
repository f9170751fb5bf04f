import { parsePlanAccountCost } from '@/contracts/budgets';
import { parseLeftBehind, type InventorySummary } from '@/contracts/inventory';
import { finiteNumberOf, isRecord, ShapeError } from '@/contracts/json';
import {
  parseSourceGraphqlBudget,
  type MovePlannedRepository,
  type MovePreview,
  type MoveTarget,
} from '@/contracts/moves';

/**
 * The page's edge for `/api/moves/*`: an answer is read only once its shape is what the page draws from
 * (contracts/moves.ts has types but no reader yet). Anything else fails with the one ShapeError.
 */
const malformed = (what: string) => new ShapeError('ferry', `Ferry’s server sent ${what} it could not read.`);
const isRange = (value: unknown) =>
  isRecord(value) && typeof value.min === 'number' && typeof value.max === 'number';
const isArrayOf = (value: unknown, check: (item: unknown) => boolean) =>
  Array.isArray(value) && value.every(check);

export function parseMoveTarget(value: unknown): MoveTarget {
  if (
    !isRecord(value) ||
    (value.mode !== 'live' && value.mode !== 'simulator') ||
    typeof value.apiUrl !== 'string' ||
    typeof value.uploadsUrl !== 'string' ||
    !isArrayOf(
      value.credentials,
      (c) => isRecord(c) && typeof c.name === 'string' && typeof c.kind === 'string',
    )
  )
    throw malformed('the move target');
  return value as unknown as MoveTarget;
}

const isRepository = (repo: unknown) =>
  isRecord(repo) &&
  typeof repo.name === 'string' &&
  typeof repo.targetName === 'string' &&
  typeof repo.visibility === 'string' &&
  typeof repo.ready === 'boolean' &&
  isArrayOf(
    repo.checks,
    (c) =>
      isRecord(c) && typeof c.check === 'string' && typeof c.ok === 'boolean' && typeof c.reason === 'string',
  );

const isToken = (token: unknown) =>
  isRecord(token) &&
  (token.side === 'source' || token.side === 'target') &&
  typeof token.credential === 'string' &&
  typeof token.ok === 'boolean' &&
  typeof token.reason === 'string' &&
  isArrayOf(token.steps, (step) => typeof step === 'string');

function isCost(cost: unknown): boolean {
  if (!isRecord(cost) || !isRecord(cost.source) || !isRecord(cost.target) || !isRange(cost.seconds))
    return false;
  const { source, target } = cost;
  return (
    isRange(source.restRequests) &&
    isRange(source.graphqlRequests) &&
    isRange(target.graphqlPoints) &&
    isRecord(target.parts) &&
    isRange(target.parts.statusPolls) &&
    typeof target.importChargeMin === 'number' &&
    (target.budget === undefined || (isRecord(target.budget) && typeof target.budget.remaining === 'number'))
  );
}

export function parseMovePreview(value: unknown): MovePreview {
  if (
    !isRecord(value) ||
    !isRecord(value.source) ||
    !isRecord(value.target) ||
    ![value.listed, value.selected, value.ready].every((n) => typeof n === 'number') ||
    !isArrayOf(value.repositories, isRepository) ||
    !isArrayOf(value.tokens, isToken) ||
    !isArrayOf(value.notMigrated, (item) => isRecord(item) && typeof item.what === 'string') ||
    !isCost(value.cost)
  )
    throw malformed('a move preview');
  const preview = value as unknown as MovePreview;
  // The source's budgets are figures beside the plan: a malformed one is dropped, the preview still shown.
  const budget = parsePlanAccountCost(preview.cost.source.budget);
  const graphqlBudget = parseSourceGraphqlBudget(preview.cost.source.graphqlBudget);
  const source = { ...preview.cost.source };
  delete source.budget;
  delete source.graphqlBudget;
  const inventory = parseInventorySummary(preview.inventory);
  return {
    ...preview,
    repositories: preview.repositories.map(withInventory),
    ...(inventory ? { inventory } : { inventory: undefined }),
    ...(typeof preview.inventoryError === 'string' ? {} : { inventoryError: undefined }),
    cost: {
      ...preview.cost,
      source: { ...source, ...(budget ? { budget } : {}), ...(graphqlBudget ? { graphqlBudget } : {}) },
    },
  };
}

/** A repository's inventory parts, checked: unknown kinds dropped, a readiness not of the three dropped. */
function withInventory(repo: MovePlannedRepository): MovePlannedRepository {
  const { leftBehind, readiness, inventoryReadAt, ...rest } = repo;
  return {
    ...rest,
    ...(leftBehind === undefined ? {} : { leftBehind: parseLeftBehind(leftBehind) }),
    ...(readiness === 'ready' || readiness === 'needs-work' || readiness === 'blocked' ? { readiness } : {}),
    ...(typeof inventoryReadAt === 'string' ? { inventoryReadAt } : {}),
  };
}

/** The preview's inventory line, checked at the edge (a malformed one is dropped; the plan still shows). */
function parseInventorySummary(value: unknown): InventorySummary | undefined {
  if (!isRecord(value) || typeof value.readAt !== 'string' || !isRecord(value.requests)) return undefined;
  const rest = finiteNumberOf(value.requests.rest);
  const graphql = finiteNumberOf(value.requests.graphql);
  const organization = isRecord(value.organization) ? value.organization : {};
  if (rest === undefined || graphql === undefined || typeof organization.login !== 'string') return undefined;
  return {
    readAt: value.readAt,
    fresh: value.fresh === true,
    requests: { rest, graphql },
    organization: {
      login: organization.login,
      readAt: typeof organization.readAt === 'string' ? organization.readAt : value.readAt,
      selectedApps: Array.isArray(organization.selectedApps)
        ? organization.selectedApps.filter((app): app is string => typeof app === 'string').slice(0, 100)
        : [],
    },
  };
}
