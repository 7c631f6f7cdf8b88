/// <reference lib="webworker" />
// Loads the gazetteer off the page's thread: downloads (or reads from the service worker's cache) its two assets,
// 1.1 MB of JSON, parses them and builds the town-name index, then hands the result to the page packed, its arrays
// transferred rather than copied (domain/gazetteer packGazetteer). Answers one request, with the gazetteer or why not.
import { packGazetteer, type PackedGazetteer } from '@ss/domain/gazetteer';
import { fetchGazetteer } from './gazetteer-assets';

export type GazetteerWorkerMessage = { ok: true; packed: PackedGazetteer } | { ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = () => {
  fetchGazetteer().then(
    (gazetteer) => {
      const { packed, transfer } = packGazetteer(gazetteer);
      scope.postMessage({ ok: true, packed } satisfies GazetteerWorkerMessage, transfer);
    },
    (err: unknown) => scope.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies GazetteerWorkerMessage),
  );
};
