/** Migration exports, their archives and repository locks. Filled in by the migrations capability. */
export interface MigrationStore {
  nextId: number;
}

export function createMigrationStore(): MigrationStore {
  return { nextId: 1 };
}
