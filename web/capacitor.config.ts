// Capacitor: the native Android (and iOS) shell around the same web build (web/dist).
import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'org.sanctuaryseekers.app',
  appName: 'Sanctuary Seekers',
  webDir: 'dist',
  // The app talks to the gateway at its public address; set it for native builds (see README).
  server: process.env.CAP_SERVER_URL ? { url: process.env.CAP_SERVER_URL, cleartext: false } : {},
  plugins: {
    StatusBar: { backgroundColor: '#059669', style: 'LIGHT', overlaysWebView: false },
    Keyboard: { resizeOnFullScreen: true },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
