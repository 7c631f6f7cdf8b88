// The spec's location lookup state: idle → loading (error cleared) → success (coordinates) or failure
// (error text, coordinates cleared).
import { create } from 'zustand';
import { getCurrentPosition } from './geolocation';

export interface GeolocationState {
  latitude: number | null;
  longitude: number | null;
  error: string | null;
  isLoading: boolean;
  locate: () => Promise<{ latitude: number; longitude: number } | null>;
}

export const useGeolocation = create<GeolocationState>((set) => ({
  latitude: null,
  longitude: null,
  error: null,
  isLoading: false,
  async locate() {
    set({ isLoading: true, error: null });
    const outcome = await getCurrentPosition();
    if (outcome.ok) {
      set({ isLoading: false, latitude: outcome.latitude, longitude: outcome.longitude, error: null });
      return { latitude: outcome.latitude, longitude: outcome.longitude };
    }
    set({ isLoading: false, latitude: null, longitude: null, error: outcome.error });
    return null;
  },
}));
