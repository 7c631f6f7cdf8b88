// What the app does differently inside the native shell (spec: Native behaviour): hardware back goes back or
// exits, the keyboard toggles `keyboard-open` on the body, the status bar is #059669 with light style, and
// the device's network status drives the sync indicator. Loaded only on a native platform.
import { STATUS_BAR_COLOR } from '@ss/domain/constants';
import { safeCall } from './safe-call';

export async function initNative(win: Window = window): Promise<void> {
  await Promise.all([
    safeCall('back button', async () => {
      const { App } = await import('@capacitor/app');
      await App.addListener('backButton', ({ canGoBack }) => {
        if (canGoBack) win.history.back();
        else void App.exitApp();
      });
    }),
    safeCall('keyboard', async () => {
      const { Keyboard } = await import('@capacitor/keyboard');
      await Keyboard.addListener('keyboardWillShow', () => win.document.body.classList.add('keyboard-open'));
      await Keyboard.addListener('keyboardWillHide', () => win.document.body.classList.remove('keyboard-open'));
    }),
    safeCall('status bar', async () => {
      const { StatusBar, Style } = await import('@capacitor/status-bar');
      await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
      await StatusBar.setStyle({ style: Style.Light });
    }),
    safeCall('network status', async () => {
      // The web view's own online/offline events are unreliable on devices; the plugin's are not. The sync
      // code listens to window online/offline, so re-dispatch the plugin's changes as those events.
      const { Network } = await import('@capacitor/network');
      await Network.addListener('networkStatusChange', (status) => win.dispatchEvent(new Event(status.connected ? 'online' : 'offline')));
      const status = await Network.getStatus();
      if (!status.connected) win.dispatchEvent(new Event('offline'));
    }),
  ]);
}
