/** Source imports per repository. Filled in by the imports capability. */
export interface ImportStore {
  nextId: number;
}

export function createImportStore(): ImportStore {
  return { nextId: 1 };
}
