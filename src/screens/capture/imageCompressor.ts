import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { CompressWorkerApi } from './compressWorker';
import type { PreparedImage, PrepareRequest } from './prepareImage';

interface RunningWorker {
  remote: Remote<CompressWorkerApi>;
  /** Rejects when the worker cannot start (its script failed to download) or dies. */
  broken: Promise<never>;
}

let running: RunningWorker | undefined;

/** The worker, started once per page (its module and the library download then). */
function compressionWorker(): RunningWorker | undefined {
  if (running) return running;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return undefined;
  try {
    // Vite bundles the worker and its imports (comlink, the encoder) as one file.
    const worker = new Worker(new URL('./compressWorker.ts', import.meta.url), { type: 'module' });
    const remote = wrap<CompressWorkerApi>(worker);
    const broken = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        // A worker that failed once is started again next time: a flaky network may let it load.
        if (running?.remote === remote) running = undefined;
        remote[releaseProxy]();
        worker.terminate();
        reject(new Error(`compression worker failed: ${event.message || 'not loaded'}`));
      });
    });
    broken.catch(() => undefined); // only a waiting caller cares
    running = { remote, broken };
    return running;
  } catch {
    return undefined;
  }
}

/** Starts the compression worker ahead of the first photo: capture widgets call it when they open. */
export function startCompressor(): void {
  compressionWorker();
}

/**
 * Compresses a photo (or only draws its thumbnail) in the compression worker. Where there is no
 * worker with OffscreenCanvas, or it fails (a browser that cannot decode there), the same code
 * runs on the main thread: slower for the screen, but the photo still goes.
 */
export async function prepareOffMainThread(file: File, request: PrepareRequest, onProgress?: (percent: number) => void): Promise<PreparedImage> {
  const worker = compressionWorker();
  if (worker) {
    try {
      return await Promise.race([worker.remote.prepareImage(file, request, onProgress ? proxy(onProgress) : undefined), worker.broken]);
    } catch {
      // Tried again below on the main thread; an image nothing can decode fails there too.
    }
  }
  const { prepareImage } = await import('./prepareImage');
  return prepareImage(file, request, onProgress);
}
