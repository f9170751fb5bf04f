import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md tells a newcomer where the gateway is assembled and which files a change touches; a doc
 * that names files that moved is worse than none. Every path it lists there exists, and every area file is in
 * its table.
 */
const ROOT = path.resolve(__dirname, '../..');
const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

function section(heading: string): string {
  const start = doc.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start + heading.length);
  const end = rest.search(/\n## /);
  return end === -1 ? rest : rest.slice(0, end);
}

const pathsIn = (text: string) =>
  [...text.matchAll(/`((?:src|tests|docs|scripts)\/[^`\s]+)`/g)].map((match) => match[1]!);

describe('docs/architecture.md', () => {
  it('names only files and folders that exist in "Where to change what"', () => {
    const paths = pathsIn(section('### Where to change what'));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((named) => !existsSync(path.join(ROOT, named)))).toEqual([]);
  });

  it('lists every area of the composition root in its table, and no other', () => {
    const table = section('## The gateway: one composition root');
    const listed = [...table.matchAll(/^\| `([a-z-]+\.ts)`/gm)].map((match) => match[1]!).sort();
    const files = readdirSync(path.join(ROOT, 'src/server/gateway/areas'))
      .filter((name) => name.endsWith('.ts') && !name.includes('.test.'))
      .sort();
    expect(listed).toEqual(files);
  });
});
