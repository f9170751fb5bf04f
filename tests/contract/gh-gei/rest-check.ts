/**
 * The REST answers gh-gei received, against GitHub's OpenAPI description: operations in the vendored subset
 * (tests/contract/github-openapi-subset.json) through openapi-harness.ts; `meta/get`, which the subset does not
 * hold (it is not in src/contracts/github/operations.ts), against GitHub Enterprise Server's own description in
 * the same @octokit/openapi package (its `api-overview` declares `installed_version`; api.github.com's does not).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import { findOperation, statusStanding, undeclaredProperties, validateResponse } from '../openapi-harness';
import type { Exchange } from './wire';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A REST operation of GitHub's description, from a recorded request; undefined for what is no REST operation. */
export function operationOf(
  method: string,
  url: URL,
  sourceApi: string,
  targetApi: string,
): string | undefined {
  const rest = (base: string) => {
    const prefix = new URL(base).pathname.replace(/\/$/, '');
    return url.origin === new URL(base).origin && url.pathname.startsWith(`${prefix}/`)
      ? url.pathname.slice(prefix.length)
      : undefined;
  };
  const path = rest(sourceApi) ?? rest(targetApi);
  if (path === undefined) return undefined;
  const routes: [string, RegExp, string][] = [
    ['GET', /^\/meta$/, 'meta/get'],
    ['POST', /^\/orgs\/[^/]+\/migrations$/, 'migrations/start-for-org'],
    ['GET', /^\/orgs\/[^/]+\/migrations\/\d+$/, 'migrations/get-status-for-org'],
    ['GET', /^\/orgs\/[^/]+\/migrations\/\d+\/archive$/, 'migrations/download-archive-for-org'],
    ['GET', /^\/orgs\/[^/]+\/memberships\/[^/]+$/, 'orgs/get-membership-for-user'],
    ['GET', /^\/orgs\/[^/]+$/, 'orgs/get'],
    ['GET', /^\/repos\/[^/]+\/[^/]+$/, 'repos/get'],
  ];
  return routes.find(([m, pattern]) => m === method && pattern.test(path))?.[2];
}

type Description = { paths: Record<string, Record<string, { operationId?: string; responses: Json }>> };
const descriptions = new Map<string, Description>();

/**
 * The GHES release's own description (`generated/ghes-3.17.json` for 3.17.x), or the newest the package has
 * when it has none for that release.
 */
function ghesDescription(installedVersion: unknown): { name: string; description: Description } {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@octokit/openapi/generated/api.github.com.json'));
  const releases = readdirSync(dir)
    .map((file) => /^ghes-(\d+)\.(\d+)\.json$/.exec(file))
    .filter((match) => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[2]) - Number(b[2]));
  const release = /^(\d+)\.(\d+)\./.exec(String(installedVersion));
  const chosen =
    releases.find((match) => release && match[1] === release[1] && match[2] === release[2]) ??
    releases.at(-1);
  if (!chosen) throw new Error('@octokit/openapi has no GHES description');
  const name = `generated/${chosen[0]}`;
  let description = descriptions.get(name);
  if (!description) {
    description = JSON.parse(readFileSync(join(dir, chosen[0]), 'utf8')) as Description;
    descriptions.set(name, description);
  }
  return { name, description };
}

/** `$ref`s inlined and `nullable` turned into a type union (only what a small answer schema needs). */
function standalone(document: Json, node: Json, depth = 0): Json {
  if (depth > 40 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((item) => standalone(document, item, depth + 1));
  if (typeof node.$ref === 'string') {
    let target: Json | undefined = document;
    for (const token of node.$ref.slice(2).split('/')) {
      target = target && typeof target === 'object' && !Array.isArray(target) ? target[token] : undefined;
    }
    return standalone(document, target ?? null, depth + 1);
  }
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    out[key] = standalone(document, value, depth + 1);
  }
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  delete out.nullable;
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

function ghesProblems(operationId: string, status: number, body: unknown): string[] {
  const version =
    body !== null && typeof body === 'object'
      ? (body as { installed_version?: unknown }).installed_version
      : undefined;
  const { name: descriptionName, description } = ghesDescription(version);
  for (const item of Object.values(description.paths)) {
    for (const operation of Object.values(item)) {
      if (operation.operationId !== operationId) continue;
      const responses = standalone(description, operation.responses) as Record<string, Json>;
      const response = responses[String(status)] as
        { content?: Record<string, { schema?: Json }> } | undefined;
      if (!response) return [`${operationId} (${descriptionName}) does not declare ${status}`];
      const schema = response.content?.['application/json']?.schema;
      if (schema === undefined) return [];
      const validateBody = ajv.compile(schema as object);
      const problems = validateBody(body)
        ? []
        : (validateBody.errors ?? []).map((e) => `${operationId} ${status} ${e.instancePath} ${e.message}`);
      const declared = (schema as { properties?: Record<string, unknown> }).properties;
      if (declared && body !== null && typeof body === 'object') {
        for (const key of Object.keys(body)) {
          if (!(key in declared))
            problems.push(`${operationId} ${status}: /${key} is not declared (${descriptionName})`);
        }
      }
      return problems;
    }
  }
  return [`${operationId} is not in ${descriptionName}`];
}

/** The body as the description sees it: parsed JSON for a JSON answer, else the text (undefined when empty). */
function bodyOf(exchange: Exchange): unknown {
  const response = exchange.response;
  if (!response || response.body.length === 0) return undefined;
  const type = String(response.headers['content-type'] ?? '');
  const text = response.body.toString('utf8');
  return /json/.test(type) ? (JSON.parse(text) as unknown) : text;
}

/** Problems of one REST answer (empty: it matches the description). */
export function restProblems(operationId: string, exchange: Exchange): string[] {
  const response = exchange.response;
  if (!response) return [`${operationId}: no answer (${exchange.error})`];
  const body = bodyOf(exchange);
  if (!findOperation(operationId)) return ghesProblems(operationId, response.status, body);
  const standing = statusStanding(operationId, response.status);
  if (!standing)
    return [`${operationId}: status ${response.status} is neither declared nor a known GitHub answer`];
  const json = /json/.test(String(response.headers['content-type'] ?? ''));
  // A text body where the description declares none (the archive's 302 carries its URL) is not a JSON answer.
  if (!json && validateResponse(operationId, response.status, undefined).valid) return [];
  const result = validateResponse(operationId, response.status, body);
  const problems = result.valid ? [] : [`${operationId} ${response.status}:\n${result.errors}`];
  const undeclared = undeclaredProperties(operationId, response.status, body);
  if (undeclared.length > 0)
    problems.push(`${operationId} ${response.status} undeclared: ${undeclared.join(', ')}`);
  return problems;
}
