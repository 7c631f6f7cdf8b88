// The gazetteer is loaded by its worker and unpacked on the page; a worker that fails is replaced by loading on the
// page; a list that cannot be downloaded is said (the search then reads text as words) and tried again next time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { packGazetteer, parseGazetteer, lookupPlace } from '@ss/domain/gazetteer';
import { readGazetteerAssets } from '../../../domain/tests/gazetteer-fixture';

const fetchGazetteer = vi.fn();
vi.mock('./gazetteer-assets', () => ({ fetchGazetteer: () => fetchGazetteer() }));

type Behaviour = 'packed' | 'cannot-download' | 'crash' | 'unreadable';
let behaviours: Behaviour[] = [];
const started: string[] = [];

class FakeWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  constructor(url: URL, options: { name: string }) {
    started.push(`${options.name} ${String(url).split('/').pop()}`);
  }
  postMessage() {
    const behaviour = behaviours.shift();
    queueMicrotask(() => {
      if (behaviour === 'packed') this.onmessage?.({ data: { ok: true, packed: packGazetteer(parseGazetteer(readGazetteerAssets())).packed } });
      else if (behaviour === 'cannot-download') this.onmessage?.({ data: { ok: false, message: 'Could not load the place list (503)' } });
      else if (behaviour === 'unreadable') this.onmessageerror?.();
      else this.onerror?.({ message: 'boom', preventDefault() {} });
    });
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('Worker', FakeWorker);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchGazetteer.mockReset();
  started.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadGazetteer', () => {
  it('takes the gazetteer its worker packed, once for the session, and never downloads it on the page', async () => {
    behaviours = ['packed'];
    const { loadGazetteer } = await import('./gazetteer');
    const g = await loadGazetteer();
    expect(lookupPlace(g, 'Columbus, OH')).toMatchObject({ label: 'Columbus, OH' });
    expect(lookupPlace(g, '44101')).toMatchObject({ zip: '44101' });
    expect(await loadGazetteer()).toBe(g);
    expect(started).toEqual([expect.stringMatching(/^gazetteer gazetteer\.worker/)]);
    expect(fetchGazetteer).not.toHaveBeenCalled();
  });

  it('loads on the page when the worker itself fails', async () => {
    behaviours = ['crash'];
    const onPage = parseGazetteer(readGazetteerAssets());
    fetchGazetteer.mockResolvedValue(onPage);
    const { loadGazetteer } = await import('./gazetteer');
    expect(await loadGazetteer()).toBe(onPage);
    expect(fetchGazetteer).toHaveBeenCalledTimes(1);
  }, 30_000);

  it("loads on the page when the worker's answer cannot be read, instead of waiting for it forever", async () => {
    behaviours = ['unreadable'];
    const onPage = parseGazetteer(readGazetteerAssets());
    fetchGazetteer.mockResolvedValue(onPage);
    const { loadGazetteer } = await import('./gazetteer');
    expect(await loadGazetteer()).toBe(onPage);
  }, 30_000);

  it('says why when the list cannot be downloaded, and tries again next time', async () => {
    behaviours = ['cannot-download', 'packed'];
    const { loadGazetteer } = await import('./gazetteer');
    await expect(loadGazetteer()).rejects.toThrow('Could not load the place list (503)');
    expect(fetchGazetteer).not.toHaveBeenCalled();
    const g = await loadGazetteer();
    expect(lookupPlace(g, 'Ohio')).toMatchObject({ kind: 'state' });
    expect(started).toHaveLength(2);
  }, 30_000);
});
