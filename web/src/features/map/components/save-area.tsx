// 'Save this area for offline': downloads the visible area's map tiles for a few zoom levels (capped), with
// the size it will take, a progress bar, and the list of saved areas with a way to delete each (and to save again one
// saved for a screen of another resolution, whose tiles the map here does not ask for).
import * as Dialog from '@radix-ui/react-dialog';
import { Download, RefreshCw, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAP } from '@ss/domain/constants';
import { deleteOfflineArea, loadOfflineAreas, saveOfflineArea, savedForAnotherScreen, useOfflineAreas, type OfflineArea } from '../../../data/offline-areas';
import { zoomRangeWithin, type Bounds } from '../../../lib/tiles';
import { toast } from '../../../ui/toast';

export const MAX_OFFLINE_TILES = 400;
const EXTRA_ZOOM_LEVELS = 2;
/** A typical OpenStreetMap tile is 10–30 KB; the estimate uses 20 KB. */
const ESTIMATED_TILE_BYTES = 20 * 1024;

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

export function SaveArea({ view, label }: { view: { bounds: Bounds; zoom: number } | null; label: string }) {
  const areas = useOfflineAreas((s) => s.areas);
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number; bytes: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    void loadOfflineAreas();
  }, []);

  const range = view ? zoomRangeWithin(view.bounds, Math.round(view.zoom), EXTRA_ZOOM_LEVELS, MAX_OFFLINE_TILES, MAP.maxZoom) : null;

  /** Saves an area's tiles with progress shown here; answers the saved area (nothing when cancelled or failed, said in a toast). */
  const save = async (area: Parameters<typeof saveOfflineArea>[0]): Promise<OfflineArea | undefined> => {
    abort.current = new AbortController();
    try {
      const saved = await saveOfflineArea(area, (done, total, bytes) => setProgress({ done, total, bytes }), abort.current.signal);
      toast({ title: 'Area saved for offline', description: `${saved.tiles} map tiles, ${mb(saved.bytes)}.` });
      setOpen(false);
      return saved;
    } catch (err) {
      if ((err as Error).name !== 'AbortError') toast({ title: 'Could not save this area', description: (err as Error).message, variant: 'destructive' });
      return undefined;
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const start = async () => {
    if (!view || !range) return;
    setProgress({ done: 0, total: range.count, bytes: 0 });
    await save({ name: label, bounds: view.bounds, fromZoom: range.from, toZoom: range.to });
  };

  /** Deletes an area; a failure is said, and the area stays listed. */
  const remove = async (a: OfflineArea) => {
    try {
      await deleteOfflineArea(a.id);
    } catch (err) {
      toast({ title: 'Could not delete this area', description: `${a.name} is still saved (${mb(a.bytes)}): ${(err as Error).message}`, variant: 'destructive' });
    }
  };

  /**
   * An area saved for another screen, saved again for this one (its zooms, as many as fit the cap), then the old copy
   * removed. The new copy stays saved whatever becomes of the old one.
   */
  const saveAgain = async (a: OfflineArea) => {
    const again = zoomRangeWithin(a.bounds, a.fromZoom, a.toZoom - a.fromZoom, MAX_OFFLINE_TILES, MAP.maxZoom);
    if (!again) {
      toast({ title: 'Could not save this area', description: `On this screen it needs more than ${MAX_OFFLINE_TILES} tiles. Zoom in on it and save a smaller area.`, variant: 'destructive' });
      return;
    }
    setProgress({ done: 0, total: again.count, bytes: 0 });
    if (!(await save({ name: a.name, bounds: a.bounds, fromZoom: again.from, toZoom: again.to }))) return;
    try {
      await deleteOfflineArea(a.id);
    } catch (err) {
      // One toast shows at a time: this one says the save worked too.
      toast({
        title: 'Area saved again; the old copy is still there',
        description: `${a.name} is saved for this screen. Its old copy (${mb(a.bytes)}) could not be removed: ${(err as Error).message}. Delete it from Saved areas to free the space.`,
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : (abort.current?.abort(), setOpen(false)))}>
      <Dialog.Trigger className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50" disabled={!view}>
        <Download aria-hidden className="h-4 w-4" /> Save this area for offline
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[1101] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Save this area for offline</Dialog.Title>
            <Dialog.Close className="rounded p-1 hover:bg-gray-100" aria-label="Close">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-gray-700">
            {range
              ? `The map of the area on screen, zoom levels ${range.from} to ${range.to}: ${range.count} tiles, about ${mb(range.count * ESTIMATED_TILE_BYTES)}.`
              : `This area is too large to save (more than ${MAX_OFFLINE_TILES} tiles). Zoom in and try again.`}
          </Dialog.Description>
          {progress ? (
            <div className="mt-4">
              <div role="progressbar" aria-label="Saving map tiles" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done} className="h-2 overflow-hidden rounded bg-gray-200">
                <div className="h-full bg-emerald-600 transition-[width]" style={{ width: `${(100 * progress.done) / Math.max(1, progress.total)}%` }} />
              </div>
              <p className="mt-1 text-xs text-gray-600">
                {progress.done} of {progress.total} tiles · {mb(progress.bytes)}
              </p>
            </div>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50">{progress ? 'Cancel' : 'Close'}</Dialog.Close>
            <button type="button" onClick={() => void start()} disabled={!range || progress !== null} className="rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-50">
              Save area
            </button>
          </div>
          {areas.length ? (
            <section aria-labelledby="saved-areas-heading" className="mt-6 border-t border-gray-200 pt-4">
              <h3 id="saved-areas-heading" className="text-sm font-semibold">Saved areas</h3>
              <ul className="mt-2 space-y-2">
                {areas.map((a) => (
                  <li key={a.id} className="flex items-center justify-between gap-2 text-sm">
                    <span>
                      {a.name} · {a.tiles} tiles · {mb(a.bytes)}
                      {savedForAnotherScreen(a) ? <span className="block text-xs text-amber-800">Saved for another screen: its map does not show here offline.</span> : null}
                    </span>
                    <span className="flex shrink-0 items-center gap-1">
                      {savedForAnotherScreen(a) ? (
                        <button type="button" onClick={() => void saveAgain(a)} disabled={progress !== null} aria-label={`Save again: ${a.name}`} className="inline-flex items-center gap-1 rounded border border-emerald-700 px-2 py-1 text-xs font-medium text-emerald-800 hover:bg-emerald-50 disabled:opacity-50">
                          <RefreshCw aria-hidden className="h-3.5 w-3.5" /> Save again
                        </button>
                      ) : null}
                      <button type="button" onClick={() => void remove(a)} aria-label={`Delete saved area ${a.name}`} className="rounded p-1 text-red-700 hover:bg-red-50">
                        <Trash2 aria-hidden className="h-4 w-4" />
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
