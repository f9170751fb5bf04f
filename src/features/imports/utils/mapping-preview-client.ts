import PreviewWorker from './mapping-preview-worker?worker';
import { buildPreview, type PreviewRequest, type PreviewResult } from './mapping-preview-request';

/**
 * Preview a mapping file in a Web Worker, so the page never freezes on a 10,000-line file. Where there is no
 * Worker (the component tests' DOM), the same function runs on the main thread.
 */
export function previewInWorker(request: PreviewRequest, signal: AbortSignal): Promise<PreviewResult> {
  if (typeof Worker === 'undefined') return Promise.resolve(buildPreview(request));
  return new Promise((resolve, reject) => {
    const worker = new PreviewWorker();
    const finish = () => worker.terminate();
    signal.addEventListener('abort', () => {
      finish();
      reject(signal.reason as Error);
    });
    worker.onmessage = (event: MessageEvent<PreviewResult>) => {
      finish();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The mapping file could not be read.'));
    };
    worker.postMessage(request);
  });
}
