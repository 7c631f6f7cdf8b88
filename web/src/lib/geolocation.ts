// The browser's current position with the spec's options and messages. Returns a value, never throws.
import { GEOLOCATION_OPTIONS, MESSAGES } from '@ss/domain/constants';

export type GeolocationOutcome = { ok: true; latitude: number; longitude: number } | { ok: false; error: string };

export function geolocationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return MESSAGES.geolocationDenied;
    case 2:
      return MESSAGES.geolocationUnavailable;
    case 3:
      return MESSAGES.geolocationTimeout;
    default:
      return MESSAGES.geolocationFallback;
  }
}

export function getCurrentPosition(geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<GeolocationOutcome> {
  if (!geo) return Promise.resolve({ ok: false, error: MESSAGES.geolocationUnsupported });
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (pos) => resolve({ ok: true, latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      (err) => resolve({ ok: false, error: geolocationErrorMessage(err?.code) }),
      { ...GEOLOCATION_OPTIONS },
    );
  });
}
