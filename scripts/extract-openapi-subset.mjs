#!/usr/bin/env node
/**
 * Extract the part of GitHub's OpenAPI description that Ferry uses into a small, `$ref`-closed fixture.
 *
 * Usage:
 *   npm run contract:extract -- /path/to/package/generated/api.github.com.json [--out file]
 *   OPENAPI_JSON=/path/to/api.github.com.json npm run contract:extract
 *
 * Get the source once (it is not a dependency of the project, the tarball is ~28 MB):
 *   cd /tmp && npm pack @octokit/openapi@23.0.2 && tar xzf octokit-openapi-23.0.2.tgz
 *   → /tmp/package/generated/api.github.com.json
 *
 * The operations are read from GitHub's operation table, `src/contracts/github/operations.ts` (the gateway's
 * allow-list is built from it), from the target GitHub.com's REST reads, `src/contracts/github/target-operations.ts`
 * (checked by tests/contract/target-rest.test.ts), and from the source's inventory reads,
 * `src/contracts/github/inventory-operations.ts` (tests/contract/source-inventory-rest.test.ts), and from a sign-in's
 * reads, `src/contracts/github/sign-in-operations.ts` (tests/contract/source-sign-in-rest.test.ts), and from what a
 * move settles on the target after the import, `src/contracts/github/settling-operations.ts`
 * (tests/contract/target-settling-rest.test.ts), so adding an
 * operation there and re-running this script is all it takes; tests/contract/simulator-github.test.ts fails when the fixture and the tables drift apart.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALLOW_LIST = resolve(ROOT, 'src/contracts/github/operations.ts');
const TARGET_LIST = resolve(ROOT, 'src/contracts/github/target-operations.ts');
const INVENTORY_LIST = resolve(ROOT, 'src/contracts/github/inventory-operations.ts');
const SIGN_IN_LIST = resolve(ROOT, 'src/contracts/github/sign-in-operations.ts');
const SETTLING_LIST = resolve(ROOT, 'src/contracts/github/settling-operations.ts');
const DEFAULT_OUT = resolve(ROOT, 'tests/contract/github-openapi-subset.json');
const EXPECTED_PACKAGE = '@octokit/openapi';
const SOURCE_FILE = 'generated/api.github.com.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENT_SECTIONS = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
];

/** `{ id: 'x/y', …, method: 'GET', path: 'a/{b:kind}' }` entries of the operation table, in order. */
export function githubOperationsFromAllowList(source) {
  const entry = /\{\s*id:\s*'([^']+)',[^{}]*?method:\s*'(\w+)',\s*path:\s*'([^']*)'/g;
  const operations = [];
  for (const [, id, method, path] of source.matchAll(entry)) {
    operations.push({ id, method: method.toLowerCase(), path: '/' + path.replace(/\{(\w+):\w+\}/g, '{$1}') });
  }
  return operations;
}

function decodePointerToken(token) {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `#/components/<section>/<name>` → [section, name]; anything else is refused (the fixture must be self-contained). */
function componentOf(ref) {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  if (!match)
    throw new Error(
      `Unsupported $ref ${JSON.stringify(ref)} (only #/components/<section>/<name> is handled)`,
    );
  return [decodePointerToken(match[1]), decodePointerToken(match[2])];
}

/** Every `$ref` (and discriminator mapping target) inside `value`. */
function collectRefs(value, found = []) {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else if (key === 'discriminator' && child && typeof child === 'object' && child.mapping) {
        for (const target of Object.values(child.mapping)) if (typeof target === 'string') found.push(target);
        collectRefs(child, found);
      } else collectRefs(child, found);
    }
  }
  return found;
}

export function extractSubset(description, operations, source) {
  const wanted = new Map(operations.map((operation) => [operation.id, operation]));
  const paths = {};
  const seen = new Set();
  for (const [path, item] of Object.entries(description.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation || !wanted.has(operation.operationId)) continue;
      const expected = wanted.get(operation.operationId);
      if (expected.method !== method || expected.path !== path) {
        throw new Error(
          `${operation.operationId}: allow-list says ${expected.method.toUpperCase()} ${expected.path}, the description says ${method.toUpperCase()} ${path}`,
        );
      }
      if (seen.has(operation.operationId)) throw new Error(`Duplicate operationId ${operation.operationId}`);
      seen.add(operation.operationId);
      paths[path] ??= {};
      // Path-level parameters apply to every operation under the path; none of Ferry's use them today, but keep them.
      if (item.parameters && !paths[path].parameters) paths[path].parameters = item.parameters;
      paths[path][method] = operation;
    }
  }
  const missing = [...wanted.keys()].filter((id) => !seen.has(id));
  if (missing.length > 0) throw new Error(`Operations not found in the description: ${missing.join(', ')}`);

  // Transitive closure over components.
  const included = new Map(); // section → Set(name)
  const queue = collectRefs(paths);
  while (queue.length > 0) {
    const ref = queue.pop();
    const [section, name] = componentOf(ref);
    const names = included.get(section) ?? new Set();
    included.set(section, names);
    if (names.has(name)) continue;
    const target = description.components?.[section]?.[name];
    if (target === undefined) throw new Error(`Dangling $ref ${ref}`);
    names.add(name);
    queue.push(...collectRefs(target));
  }

  // Keep the description's own order so regenerating from the same source is byte-for-byte stable.
  const components = {};
  const sections = [...COMPONENT_SECTIONS, ...Object.keys(description.components ?? {})];
  for (const section of new Set(sections)) {
    const names = included.get(section);
    if (!names) continue;
    components[section] = {};
    for (const name of Object.keys(description.components[section])) {
      if (names.has(name)) components[section][name] = description.components[section][name];
    }
  }

  const usedTags = new Set(
    Object.values(paths).flatMap((item) => HTTP_METHODS.flatMap((m) => item[m]?.tags ?? [])),
  );
  return {
    openapi: description.openapi,
    info: description.info,
    'x-ferry-source': source,
    'x-ferry-license-note':
      "Extracted from GitHub's REST API description as re-published (MIT) by the npm package @octokit/openapi. " +
      'Regenerate with `npm run contract:extract -- /path/to/package/generated/api.github.com.json`; see tests/contract/README.md.',
    servers: description.servers,
    tags: (description.tags ?? []).filter((tag) => usedTags.has(tag.name)),
    externalDocs: description.externalDocs,
    paths,
    components,
  };
}

function parseArgs(argv) {
  let input = process.env.OPENAPI_JSON;
  let out = DEFAULT_OUT;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--out') out = resolve(argv[++i] ?? '');
    else if (argv[i] === '--help' || argv[i] === '-h') input = undefined;
    else input = argv[i];
  }
  return { input, out };
}

function main() {
  const { input, out } = parseArgs(process.argv.slice(2));
  if (!input) {
    console.error(
      'usage: node scripts/extract-openapi-subset.mjs <path to @octokit/openapi generated/api.github.com.json> [--out file]',
    );
    console.error('       (or set OPENAPI_JSON)');
    process.exit(2);
  }
  const inputPath = resolve(input);
  const description = JSON.parse(readFileSync(inputPath, 'utf8'));

  // The package's package.json sits two levels up from generated/*.json; @octokit/openapi also rewrites
  // info.version to its own version, so either tells which release this is.
  const packageJsonPath = resolve(dirname(inputPath), '..', 'package.json');
  const packageJson = existsSync(packageJsonPath)
    ? JSON.parse(readFileSync(packageJsonPath, 'utf8'))
    : undefined;
  if (packageJson && packageJson.name !== EXPECTED_PACKAGE) {
    throw new Error(`${packageJsonPath} is ${packageJson.name}, expected ${EXPECTED_PACKAGE}`);
  }
  const version = packageJson?.version ?? description.info?.version;
  if (!version)
    throw new Error(
      'Cannot tell the package version (no package.json next to generated/ and no info.version)',
    );

  const listed = [ALLOW_LIST, TARGET_LIST, INVENTORY_LIST, SIGN_IN_LIST, SETTLING_LIST].flatMap((list) => {
    const found = githubOperationsFromAllowList(readFileSync(list, 'utf8'));
    if (found.length === 0) throw new Error(`No github operations found in ${list}; has its format changed?`);
    return found;
  });
  // A read both GitHubs serve is listed twice (the inventory's and the settling's): extracted once.
  const operations = [...new Map(listed.map((operation) => [operation.id, operation])).values()];

  const subset = extractSubset(description, operations, {
    package: EXPECTED_PACKAGE,
    version,
    file: SOURCE_FILE,
    license: packageJson?.license ?? description.info?.license?.name ?? 'MIT',
    extractedBy: 'scripts/extract-openapi-subset.mjs',
  });
  const text = JSON.stringify(subset, null, 2) + '\n';
  writeFileSync(out, text);
  const componentCount = Object.values(subset.components).reduce(
    (sum, section) => sum + Object.keys(section).length,
    0,
  );
  console.log(
    `wrote ${out}: ${operations.length} operations, ${componentCount} components, ${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB (from ${EXPECTED_PACKAGE}@${version})`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
