import { describe, expect, it } from 'vitest';
import { migrationArchiveNodeId } from './node-id';

describe('migrationArchiveNodeId', () => {
  it("is GitHub's node_id for the guid of its documented example", () => {
    expect(migrationArchiveNodeId('363b2659-b8a3-4878-bfff-eed4bcb54d35')).toBe(
      'MA_kgDaACQzNjNiMjY1OS1iOGEzLTQ4NzgtYmZmZi1lZWQ0YmNiNTRkMzU',
    );
  });
});
