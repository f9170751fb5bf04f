/// <reference lib="webworker" />
/**
 * The mapping file's parse and preview, off the main thread: a 10,000-line file is ~50 ms of work on a fast
 * machine and several hundred on a phone. Loaded with Vite's `?worker` by `mapping-preview-client.ts`.
 */
import { buildPreview, type PreviewRequest } from './mapping-preview-request';

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  self.postMessage(buildPreview(event.data));
};
