// @vitest-environment jsdom
// The native behaviour with every Capacitor plugin mocked.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const listeners: Record<string, (arg: never) => void> = {};
const app = { addListener: vi.fn(async (event: string, fn: (arg: never) => void) => void (listeners[`app:${event}`] = fn)), exitApp: vi.fn(async () => undefined) };
const keyboard = { addListener: vi.fn(async (event: string, fn: (arg: never) => void) => void (listeners[`kb:${event}`] = fn)) };
const statusBar = { setBackgroundColor: vi.fn(async () => undefined), setStyle: vi.fn(async () => undefined) };
const network = {
  addListener: vi.fn(async (event: string, fn: (arg: never) => void) => void (listeners[`net:${event}`] = fn)),
  getStatus: vi.fn(async () => ({ connected: true, connectionType: 'wifi' })),
};

vi.mock('@capacitor/app', () => ({ App: app }));
vi.mock('@capacitor/keyboard', () => ({ Keyboard: keyboard }));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: statusBar, Style: { Light: 'LIGHT', Dark: 'DARK' } }));
vi.mock('@capacitor/network', () => ({ Network: network }));

const { initNative } = await import('./native-bridge');

describe('native bridge', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    document.body.className = '';
  });

  it('hardware back goes back when it can, otherwise exits the app', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await initNative(window);
    listeners['app:backButton']!({ canGoBack: true } as never);
    expect(back).toHaveBeenCalledTimes(1);
    expect(app.exitApp).not.toHaveBeenCalled();
    listeners['app:backButton']!({ canGoBack: false } as never);
    expect(app.exitApp).toHaveBeenCalledTimes(1);
  });

  it('keyboard show and hide toggle keyboard-open on the body', async () => {
    await initNative(window);
    listeners['kb:keyboardWillShow']!({} as never);
    expect(document.body.classList.contains('keyboard-open')).toBe(true);
    listeners['kb:keyboardWillHide']!({} as never);
    expect(document.body.classList.contains('keyboard-open')).toBe(false);
  });

  it('sets the status bar to #059669 with light style', async () => {
    await initNative(window);
    expect(statusBar.setBackgroundColor).toHaveBeenCalledWith({ color: '#059669' });
    expect(statusBar.setStyle).toHaveBeenCalledWith({ style: 'LIGHT' });
  });

  it('network status changes drive the online/offline events the sync indicator follows', async () => {
    const events: string[] = [];
    window.addEventListener('online', () => events.push('online'));
    window.addEventListener('offline', () => events.push('offline'));
    network.getStatus.mockResolvedValueOnce({ connected: false, connectionType: 'none' });
    await initNative(window);
    expect(events).toEqual(['offline']);
    listeners['net:networkStatusChange']!({ connected: true } as never);
    listeners['net:networkStatusChange']!({ connected: false } as never);
    expect(events).toEqual(['offline', 'online', 'offline']);
  });

  it('a failing plugin is logged and does not stop the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    statusBar.setBackgroundColor.mockRejectedValueOnce(new Error('not implemented'));
    await expect(initNative(window)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('[native] status bar failed', expect.any(Error));
    expect(keyboard.addListener).toHaveBeenCalled();
  });
});
