// @vitest-environment jsdom
// 'Save this area for offline': what the user is told when a saved area cannot be deleted, and when Save again saves
// the new copy but cannot remove the old one (the tile cache itself is covered end to end in tests/e2e/pwa.spec.ts).
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OfflineArea } from '../../../data/offline-areas';
import { useToastStore } from '../../../ui/toast-store';
import { SaveArea } from './save-area';

const areas = vi.hoisted(() => ({
  saveOfflineArea: vi.fn(),
  deleteOfflineArea: vi.fn(),
}));

vi.mock('../../../data/offline-areas', async () => {
  const { create } = await import('zustand');
  return {
    useOfflineAreas: create(() => ({ areas: [] as OfflineArea[], loaded: true })),
    loadOfflineAreas: async () => undefined,
    saveOfflineArea: areas.saveOfflineArea,
    deleteOfflineArea: areas.deleteOfflineArea,
    // This screen's map asks for tiles one zoom deeper (a high-resolution screen).
    savedForAnotherScreen: (a: OfflineArea) => (a.zoomOffset ?? 0) !== 1,
  };
});

const { useOfflineAreas } = await import('../../../data/offline-areas');

const bounds = { south: 42.3, west: -76.95, north: 42.42, east: -76.8 };
const old: OfflineArea = { id: 'old', name: 'Watkins Glen', bounds, fromZoom: 12, toZoom: 13, tiles: 12, bytes: 2 * 1048576, savedAt: '2026-11-01T00:00:00.000Z' };

const toasts = () => useToastStore.getState().toasts.map((t) => t.title);

beforeEach(() => {
  useOfflineAreas.setState({ areas: [old] });
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  useToastStore.setState({ toasts: [] });
});

async function openDialog() {
  const user = userEvent.setup();
  render(<SaveArea view={{ bounds, zoom: 12 }} label="Map area" />);
  await user.click(screen.getByRole('button', { name: 'Save this area for offline' }));
  return user;
}

describe('SaveArea', () => {
  it('says so when a saved area cannot be deleted, and keeps it listed', async () => {
    areas.deleteOfflineArea.mockRejectedValue(new Error('The cache is not available'));
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Delete saved area Watkins Glen' }));
    await waitFor(() => expect(toasts()).toEqual(['Could not delete this area']));
    expect(useToastStore.getState().toasts[0]?.description).toBe('Watkins Glen is still saved (2.0 MB): The cache is not available');
    expect(screen.getByText(/Watkins Glen · 12 tiles/)).toBeInTheDocument();
  });

  it('saves an area again for this screen, then removes the old copy', async () => {
    areas.saveOfflineArea.mockImplementation(async (area: Omit<OfflineArea, 'id'>) => ({ ...area, id: 'new', zoomOffset: 1, tiles: 20, bytes: 1048576, savedAt: '2026-12-05T00:00:00.000Z' }));
    areas.deleteOfflineArea.mockResolvedValue(undefined);
    const user = await openDialog();
    expect(screen.getByText('Saved for another screen: its map does not show here offline.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save again: Watkins Glen' }));
    await waitFor(() => expect(areas.deleteOfflineArea).toHaveBeenCalledWith('old'));
    expect(areas.saveOfflineArea).toHaveBeenCalledWith(expect.objectContaining({ name: 'Watkins Glen', bounds, fromZoom: 12 }), expect.any(Function), expect.any(AbortSignal));
    expect(areas.saveOfflineArea.mock.invocationCallOrder[0]).toBeLessThan(areas.deleteOfflineArea.mock.invocationCallOrder[0]!);
    expect(toasts()).toEqual(['Area saved for offline']);
  });

  it('when the new copy is saved but the old one cannot be removed, says both', async () => {
    areas.saveOfflineArea.mockImplementation(async (area: Omit<OfflineArea, 'id'>) => ({ ...area, id: 'new', zoomOffset: 1, tiles: 20, bytes: 1048576, savedAt: '2026-12-05T00:00:00.000Z' }));
    areas.deleteOfflineArea.mockRejectedValue(new Error('The cache is not available'));
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Save again: Watkins Glen' }));
    await waitFor(() => expect(toasts()).toEqual(['Area saved again; the old copy is still there']));
    expect(useToastStore.getState().toasts[0]?.description).toBe(
      'Watkins Glen is saved for this screen. Its old copy (2.0 MB) could not be removed: The cache is not available. Delete it from Saved areas to free the space.',
    );
  });

  it('when saving again fails, keeps the old copy and says the save failed', async () => {
    areas.saveOfflineArea.mockRejectedValue(new Error('No map tiles could be downloaded. Check your connection and try again.'));
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Save again: Watkins Glen' }));
    await waitFor(() => expect(toasts()).toEqual(['Could not save this area']));
    expect(areas.deleteOfflineArea).not.toHaveBeenCalled();
  });
});
