// Wrappers for the device features the app may use in the native shell: location, share, device info,
// network status, preferences, push and local notifications, haptics. Each plugin is loaded on first use;
// failures are logged and return undefined, showing the user nothing. Denied location gives no location.
import { DEFAULT_HAPTIC_STRENGTH, GEOLOCATION_OPTIONS, type HAPTIC_STRENGTHS } from '@ss/domain/constants';
import { safeCall } from './safe-call';

export type HapticStrength = (typeof HAPTIC_STRENGTHS)[number];

export const getLocation = () =>
  safeCall('location', async () => {
    const { Geolocation } = await import('@capacitor/geolocation');
    const permission = await Geolocation.checkPermissions().catch(() => null);
    if (permission?.location === 'denied') return undefined;
    const pos = await Geolocation.getCurrentPosition({ ...GEOLOCATION_OPTIONS });
    return { latitude: pos.coords.latitude, longitude: pos.coords.longitude };
  });

export const share = (payload: { title: string; text: string; url: string }) =>
  safeCall('share', async () => {
    const { Share } = await import('@capacitor/share');
    await Share.share(payload);
    return true;
  });

export const getDeviceInfo = () =>
  safeCall('device info', async () => {
    const { Device } = await import('@capacitor/device');
    const info = await Device.getInfo();
    return { platform: info.platform, model: info.model, operatingSystem: info.operatingSystem, osVersion: info.osVersion, manufacturer: info.manufacturer, isVirtual: info.isVirtual };
  });

export const getNetworkStatus = () =>
  safeCall('network status', async () => {
    const { Network } = await import('@capacitor/network');
    const status = await Network.getStatus();
    return { connected: status.connected, connectionType: status.connectionType };
  });

export const getPreference = (key: string) =>
  safeCall('preferences get', async () => {
    const { Preferences } = await import('@capacitor/preferences');
    return (await Preferences.get({ key })).value ?? undefined;
  });

export const setPreference = (key: string, value: string) =>
  safeCall('preferences set', async () => {
    const { Preferences } = await import('@capacitor/preferences');
    await Preferences.set({ key, value });
    return true;
  });

export const registerPush = () =>
  safeCall('push notifications', async () => {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const permission = await PushNotifications.requestPermissions();
    if (permission.receive !== 'granted') return undefined;
    await PushNotifications.register();
    return true;
  });

export const scheduleLocalNotification = (n: { title: string; body: string; id: number; schedule?: { at: Date } }) =>
  safeCall('local notification', async () => {
    const { LocalNotifications } = await import('@capacitor/local-notifications');
    await LocalNotifications.schedule({ notifications: [{ title: n.title, body: n.body, id: n.id, ...(n.schedule ? { schedule: n.schedule } : {}) }] });
    return true;
  });

export const haptic = (strength: HapticStrength = DEFAULT_HAPTIC_STRENGTH) =>
  safeCall('haptics', async () => {
    const { Haptics, ImpactStyle } = await import('@capacitor/haptics');
    const style = strength === 'light' ? ImpactStyle.Light : strength === 'heavy' ? ImpactStyle.Heavy : ImpactStyle.Medium;
    await Haptics.impact({ style });
    return true;
  });
