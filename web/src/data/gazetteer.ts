// The offline gazetteer, loaded once on first use (the service worker precaches its assets) and kept for the session.
// Search works with no network once the assets are on the device. It is loaded in a worker (gazetteer.worker.ts):
// downloading, parsing and indexing 1.1 MB of JSON on the page's thread froze the page for a moment on a visitor's
// first search; the page only unpacks the result. Where workers are not available it is loaded on the page.
import { unpackGazetteer, type Gazetteer } from '@ss/domain/gazetteer';
import { fetchGazetteer } from './gazetteer-assets';
import type { GazetteerWorkerMessage } from './gazetteer.worker';

let loading: Promise<Gazetteer> | undefined;

/** Rejects with the worker's reason when it could not load the assets; answers undefined when the worker itself failed. */
function loadInWorker(): Promise<Gazetteer | undefined> {
  const worker = new Worker(new URL('./gazetteer.worker.ts', import.meta.url), { type: 'module', name: 'gazetteer' });
  return new Promise<Gazetteer | undefined>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<GazetteerWorkerMessage>) => {
      worker.terminate();
      if (data.ok) resolve(unpackGazetteer(data.packed));
      else reject(new Error(data.message));
    };
    const failed = (why: string) => {
      worker.terminate();
      console.warn('[search] the gazetteer worker failed; loading the place list on the page instead', why);
      resolve(undefined);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failed(event.message);
    };
    // Its answer could not be read on this side: without this the search would wait for it forever.
    worker.onmessageerror = () => failed('its answer could not be read');
    worker.postMessage('load');
  });
}

export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= (typeof Worker === 'undefined' ? fetchGazetteer() : loadInWorker().then((g) => g ?? fetchGazetteer())).catch((err: unknown) => {
    loading = undefined; // try again next time
    throw err;
  });
  return loading;
}
