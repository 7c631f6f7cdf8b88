// Device feature wrappers with the plugins mocked: results when they work, nothing (and a log) when not.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const geolocation = { checkPermissions: vi.fn(), getCurrentPosition: vi.fn() };
const haptics = { impact: vi.fn(async () => undefined) };
const share = { share: vi.fn(async () => undefined) };
vi.mock('@capacitor/geolocation', () => ({ Geolocation: geolocation }));
vi.mock('@capacitor/haptics', () => ({ Haptics: haptics, ImpactStyle: { Light: 'LIGHT', Medium: 'MEDIUM', Heavy: 'HEAVY' } }));
vi.mock('@capacitor/share', () => ({ Share: share }));

const features = await import('./native-features');

describe('native features', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('location with the spec options; denied permission gives no location', async () => {
    geolocation.checkPermissions.mockResolvedValue({ location: 'granted' });
    geolocation.getCurrentPosition.mockResolvedValue({ coords: { latitude: 41.5, longitude: -81.7 } });
    expect(await features.getLocation()).toEqual({ latitude: 41.5, longitude: -81.7 });
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith({ enableHighAccuracy: true, timeout: 10000, maximumAge: 60000 });
    geolocation.checkPermissions.mockResolvedValue({ location: 'denied' });
    expect(await features.getLocation()).toBeUndefined();
  });

  it('errors are logged and return nothing', async () => {
    geolocation.checkPermissions.mockResolvedValue({ location: 'granted' });
    geolocation.getCurrentPosition.mockRejectedValue(new Error('timeout'));
    expect(await features.getLocation()).toBeUndefined();
    share.share.mockRejectedValueOnce(new Error('cancelled'));
    expect(await features.share({ title: 't', text: 'x', url: 'https://example.org' })).toBeUndefined();
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it('haptics: medium by default, light and heavy on request', async () => {
    await features.haptic();
    await features.haptic('light');
    await features.haptic('heavy');
    expect(haptics.impact.mock.calls.map((c) => (c as unknown as [{ style: string }])[0].style)).toEqual(['MEDIUM', 'LIGHT', 'HEAVY']);
  });
});
