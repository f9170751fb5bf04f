import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the module graph sound, tried on probe files written into the tree (removed
 * after): a new feature folder is bounded without editing eslint.config.js, and import cycles are errors.
 */
const ROOT = path.resolve(__dirname, '../..');
const probes: string[] = [];

function probe(relative: string, text: string): string {
  const file = path.join(ROOT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  probes.push(relative.split('/').slice(0, 3).join('/'));
  return file;
}

afterAll(() => {
  for (const folder of new Set(probes)) rmSync(path.join(ROOT, folder), { recursive: true, force: true });
});

/** One linter for the file: each new one built its own TypeScript program again (10 s a call on CI). */
let linter: ESLint | undefined;

async function ruleIds(files: string[]): Promise<string[]> {
  const eslint = (linter ??= new ESLint({ cwd: ROOT }));
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

describe('module rules', () => {
  it('a feature folder that did not exist when the config was written may not import another feature', async () => {
    const file = probe(
      'src/features/zz-lint-probe/probe.ts',
      "import { domainPaths } from '@/features/domains/paths';\n\nexport const probe = domainPaths;\n",
    );
    expect(await ruleIds([file])).toContain('no-restricted-imports');
  }, 180_000);

  it('src/contracts imports nothing outside itself: not the SPA, not the gateway, not a package', async () => {
    const ids = await Promise.all(
      [
        "import { formatNumber } from '@/lib/format';\n\nexport const probe = formatNumber;\n",
        "import { matchOperation } from '@/server/allow-list';\n\nexport const probe = matchOperation;\n",
        "import ky from 'ky';\n\nexport const probe = ky;\n",
        "import { formatNumber } from '../../lib/format';\n\nexport const probe = formatNumber;\n",
      ].map((text, index) => ruleIds([probe(`src/contracts/zz-lint-probe/probe-${index}.ts`, text)])),
    );
    for (const found of ids) expect(found).toContain('no-restricted-imports');
    // Within itself it may import freely.
    const inside = probe(
      'src/contracts/zz-lint-probe/inside.ts',
      "import { isRecord } from '../json';\nimport { isLogin } from '@/contracts/github/names';\n\nexport const probe = [isRecord, isLogin];\n",
    );
    expect(await ruleIds([inside])).not.toContain('no-restricted-imports');
  }, 180_000);

  it('file names are kebab-case', async () => {
    const file = probe('src/lib/zz-lint-probe/parseThing.ts', 'export const probe = 1;\n');
    expect(await ruleIds([file])).toContain('check-file/filename-naming-convention');
    const fine = probe(
      'src/lib/zz-lint-probe/parse-thing.test.ts',
      "import { it } from 'vitest';\n\nit.todo('x');\n",
    );
    expect(await ruleIds([fine])).not.toContain('check-file/filename-naming-convention');
  }, 180_000);

  it('an import cycle is an error', async () => {
    const a = probe(
      'src/server/zz-lint-probe/cycle-a.ts',
      "import { b } from './cycle-b';\n\nexport const a = (): number => b() + 1;\n",
    );
    const b = probe(
      'src/server/zz-lint-probe/cycle-b.ts',
      "import { a } from './cycle-a';\n\nexport const b = (): number => a() - 1;\n",
    );
    expect(await ruleIds([a, b])).toContain('import-x/no-cycle');
  }, 180_000);

  it('the gateway has none: archive.ts and forward.ts no longer import each other', async () => {
    const ids = await ruleIds([
      path.join(ROOT, 'src/server/archive.ts'),
      path.join(ROOT, 'src/server/forward.ts'),
    ]);
    expect(ids).not.toContain('import-x/no-cycle');
  }, 180_000);
});
