import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the module graph sound, tried on probe files written into the tree (removed
 * after): a new feature folder is bounded without editing eslint.config.js, and import cycles are errors.
 * Every probe is linted in one call: each call builds the TypeScript program and walks the module graph for
 * the cycle rule again (10 s a call on CI, 77 s for the file when each test linted its own).
 */
const ROOT = path.resolve(__dirname, '../..');
const PROBES = {
  otherFeature: [
    'src/features/zz-lint-probe/probe.ts',
    "import { domainPaths } from '@/features/domains/paths';\n\nexport const probe = domainPaths;\n",
  ],
  contractsSpa: [
    'src/contracts/zz-lint-probe/probe-0.ts',
    "import { formatNumber } from '@/lib/format';\n\nexport const probe = formatNumber;\n",
  ],
  contractsGateway: [
    'src/contracts/zz-lint-probe/probe-1.ts',
    "import { matchOperation } from '@/server/allow-list';\n\nexport const probe = matchOperation;\n",
  ],
  contractsPackage: [
    'src/contracts/zz-lint-probe/probe-2.ts',
    "import ky from 'ky';\n\nexport const probe = ky;\n",
  ],
  contractsRelative: [
    'src/contracts/zz-lint-probe/probe-3.ts',
    "import { formatNumber } from '../../lib/format';\n\nexport const probe = formatNumber;\n",
  ],
  contractsInside: [
    'src/contracts/zz-lint-probe/inside.ts',
    "import { isRecord } from '../json';\nimport { isLogin } from '@/contracts/github/names';\n\nexport const probe = [isRecord, isLogin];\n",
  ],
  camelCase: ['src/lib/zz-lint-probe/parseThing.ts', 'export const probe = 1;\n'],
  kebabCase: ['src/lib/zz-lint-probe/parse-thing.test.ts', "import { it } from 'vitest';\n\nit.todo('x');\n"],
  cycleA: [
    'src/server/zz-lint-probe/cycle-a.ts',
    "import { b } from './cycle-b';\n\nexport const a = (): number => b() + 1;\n",
  ],
  cycleB: [
    'src/server/zz-lint-probe/cycle-b.ts',
    "import { a } from './cycle-a';\n\nexport const b = (): number => a() - 1;\n",
  ],
} as const satisfies Record<string, readonly [string, string]>;
/** Files of the tree itself, linted beside the probes. */
const TREE = { archive: 'src/server/archive.ts', forward: 'src/server/forward.ts' } as const;
type Name = keyof typeof PROBES | keyof typeof TREE;
const TESTED = new Set([
  'no-restricted-imports',
  'check-file/filename-naming-convention',
  'import-x/no-cycle',
]);

const folders = new Set(Object.values(PROBES).map(([file]) => file.split('/').slice(0, 3).join('/')));
let found: Map<Name, string[]>;

beforeAll(async () => {
  const files = new Map<Name, string>();
  for (const [name, [relative, text]] of Object.entries(PROBES)) {
    const file = path.join(ROOT, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files.set(name as Name, file);
  }
  for (const [name, relative] of Object.entries(TREE)) files.set(name as Name, path.join(ROOT, relative));
  // Only the rules under test, without type information: with it, every file the cycle rule follows was parsed
  // into a TypeScript program (23 CPU-s against 5).
  const results = await new ESLint({
    cwd: ROOT,
    overrideConfig: [tseslint.configs.disableTypeChecked],
    ruleFilter: ({ ruleId }) => TESTED.has(ruleId),
  }).lintFiles([...files.values()]);
  const byFile = new Map(
    results.map((result) => [
      result.filePath,
      result.messages.map((message) => message.ruleId ?? message.message),
    ]),
  );
  found = new Map([...files].map(([name, file]) => [name, byFile.get(file) ?? []]));
}, 180_000);

afterAll(() => {
  for (const folder of folders) rmSync(path.join(ROOT, folder), { recursive: true, force: true });
});

const rulesOf = (...names: Name[]) => names.flatMap((name) => found.get(name) ?? []);

describe('module rules', () => {
  it('a feature folder that did not exist when the config was written may not import another feature', () => {
    expect(rulesOf('otherFeature')).toContain('no-restricted-imports');
  });

  it('src/contracts imports nothing outside itself: not the SPA, not the gateway, not a package', () => {
    for (const name of ['contractsSpa', 'contractsGateway', 'contractsPackage', 'contractsRelative'] as const)
      expect(rulesOf(name), name).toContain('no-restricted-imports');
    // Within itself it may import freely.
    expect(rulesOf('contractsInside')).not.toContain('no-restricted-imports');
  });

  it('file names are kebab-case', () => {
    expect(rulesOf('camelCase')).toContain('check-file/filename-naming-convention');
    expect(rulesOf('kebabCase')).not.toContain('check-file/filename-naming-convention');
  });

  it('an import cycle is an error', () => {
    expect(rulesOf('cycleA', 'cycleB')).toContain('import-x/no-cycle');
  });

  it('the gateway has none: archive.ts and forward.ts no longer import each other', () => {
    expect(rulesOf('archive', 'forward')).not.toContain('import-x/no-cycle');
  });
});
