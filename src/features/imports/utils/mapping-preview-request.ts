import type { CommitAuthor } from '@/contracts/github/source-import';
import { parseMappingFile } from './mapping-files';
import { previewMapping, type MappingPreview } from './mapping-preview';

/** What the preview needs, as plain data (it crosses to a worker): the file and each author as shown now. */
export interface PreviewRequest {
  text: string;
  fileName: string;
  /** Authors with their shown values (unsaved edits included), to flag entries that change nothing. */
  shown: readonly CommitAuthor[];
}

export type PreviewResult = MappingPreview & { format: 'csv' | 'authors' };

export function buildPreview({ text, fileName, shown }: PreviewRequest): PreviewResult {
  const parsed = parseMappingFile(text, fileName);
  return { format: parsed.format, ...previewMapping(parsed, shown) };
}
