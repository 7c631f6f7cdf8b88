// @vitest-environment jsdom
// The page's side of a first sync in a worker (data/first-sync): what it hands the directory as the worker's
// messages arrive. The worker itself runs in the browser tests (tests/e2e/first-sync.spec.ts).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Sanctuary } from '@ss/domain/sanctuary';
import type { FirstSyncMessage, FirstSyncRequest } from './first-sync.worker';

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<FirstSyncMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: FirstSyncRequest[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(message: FirstSyncRequest) {
    this.received.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** A message from the worker to the page. */
  send(data: FirstSyncMessage) {
    this.onmessage?.({ data } as MessageEvent<FirstSyncMessage>);
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const listing = (id: string, name: string) => ({ id, name, city: 'Watkins Glen', state: 'NY' }) as unknown as Sanctuary;

/** A first sync on an empty device, with a directory that records what it is told, once its worker has started. */
async function startFirstSync() {
  const { fillEmptyDevice, onSanctuarySnapshot } = await import('./first-sync');
  const listener = { listings: vi.fn(), recorded: vi.fn(), done: vi.fn(), unrecorded: vi.fn() };
  onSanctuarySnapshot(listener);
  const filled = fillEmptyDevice();
  await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
  return { listener, filled, worker: FakeWorker.made[0]! };
}

it('hands the directory the listings, then where they were written, and asks it to record them when the worker could not', async () => {
  const { listener, filled, worker } = await startFirstSync();
  expect(worker.received).toEqual([{ type: 'fill', names: ['sanctuaries', 'reviews'] }]);

  const items = [listing('a', 'Animal Place'), listing('b', 'Barn Sanctuary')];
  worker.send({ type: 'listings', lines: items.map((item) => JSON.stringify(item)).join('\n') });
  await vi.waitFor(() => expect(worker.received).toContainEqual({ type: 'taken' }));
  expect(listener.listings).toHaveBeenCalledWith(items);

  worker.send({ type: 'recorded' });
  expect(listener.recorded).toHaveBeenCalledTimes(1);
  worker.send({ type: 'done', name: 'sanctuaries', loaded: { docs: 2, updateSeq: '7-abc', localSeq: 2, recorded: true } });
  expect(listener.done).toHaveBeenCalledWith(2, true);
  expect(listener.unrecorded).not.toHaveBeenCalled();

  // The worker's second write of the record failed: the page writes it.
  worker.send({ type: 'unrecorded' });
  expect(listener.unrecorded).toHaveBeenCalledTimes(1);

  worker.send({ type: 'closed' });
  await filled;
  expect(worker.terminated).toBe(true);
  // Closed after saying where the listings were written: the directory is not told again that writing failed.
  expect(listener.done).toHaveBeenCalledTimes(1);
});

it('tells the directory the listings were not written when the worker stops before saying where', async () => {
  const { listener, filled, worker } = await startFirstSync();
  worker.send({ type: 'listings', lines: JSON.stringify(listing('a', 'Animal Place')) });
  await vi.waitFor(() => expect(listener.listings).toHaveBeenCalledTimes(1));
  worker.onerror?.({ message: 'out of memory' } as ErrorEvent);
  await filled;
  expect(listener.done).toHaveBeenCalledWith(undefined, false);
  expect(listener.unrecorded).not.toHaveBeenCalled();
});
