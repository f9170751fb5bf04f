import { describe, expect, it } from 'vitest';
import { GITHUB_OPERATIONS } from '@/contracts/github/operations';
import rawSubset from './github-openapi-subset.json';

/**
 * The operation table (src/contracts/github/operations.ts) against GitHub's published description: every
 * operation exists with the same method and path, and the credential kinds follow `enabledForGitHubApps`.
 */
type Described = { operationId?: string; 'x-github'?: { enabledForGitHubApps?: boolean } };
const paths = (rawSubset as unknown as { paths: Record<string, Record<string, Described>> }).paths;

const described = new Map<string, { method: string; path: string; apps?: boolean }>();
for (const [path, methods] of Object.entries(paths)) {
  for (const [method, operation] of Object.entries(methods)) {
    if (operation.operationId)
      described.set(operation.operationId, {
        method: method.toUpperCase(),
        path,
        apps: operation['x-github']?.enabledForGitHubApps,
      });
  }
}

describe('the operation table', () => {
  it.each(GITHUB_OPERATIONS.map((operation) => [operation.id, operation] as const))(
    '%s is GitHub’s, with its method, path and credential kinds',
    (id, operation) => {
      const published = described.get(id);
      expect(published, `${id} is in the published description`).toBeDefined();
      expect(operation.method).toBe(published!.method);
      expect(`/${operation.path.replace(/\{(\w+):\w+\}/g, '{$1}')}`).toBe(published!.path);
      expect(operation.credentials.includes('app')).toBe(published!.apps === true);
    },
  );

  it('keeps no App installation on any migration export operation', () => {
    const exports = GITHUB_OPERATIONS.filter(
      (operation) => operation.id.startsWith('migrations/') && !operation.path.includes('/import'),
    );
    // Every migration-export operation GitHub publishes: 14 in @octokit/openapi 23.0.2, all marked
    // enabledForGitHubApps: false.
    expect(exports).toHaveLength(14);
    for (const operation of exports) expect(operation.credentials).not.toContain('app');
  });
});
