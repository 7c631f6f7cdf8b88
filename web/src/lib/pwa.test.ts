// @vitest-environment jsdom
// The install offer: the browser's beforeinstallprompt is kept whenever it comes, before the app ran included
// (web/inline/start-app.js records it from the moment the page is parsed; this runs that script as the page does).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForInstall, usePwa } from './pwa';

const startApp = fs.readFileSync(path.resolve(__dirname, '../../inline/start-app.js'), 'utf8');

function offerEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void> };
  event.prompt = async () => {};
  return event;
}

afterEach(() => {
  usePwa.setState({ installOffer: null, installed: false });
  delete (window as unknown as { __ssEarlyInstall?: unknown }).__ssEarlyInstall;
});

describe('listenForInstall', () => {
  it('takes an offer the browser made before the app ran, and keeps the browser from showing its own', () => {
    // No template in this document: the script records the offer and starts nothing.
    new Function(startApp)();
    const early = offerEvent();
    window.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(usePwa.getState().installOffer).toBeNull();
    listenForInstall(window);
    expect(usePwa.getState().installOffer).toBe(early);
  });

  it('knows the app was installed before it ran, and the early recorder stops once the app listens', () => {
    new Function(startApp)();
    window.dispatchEvent(offerEvent());
    window.dispatchEvent(new Event('appinstalled'));
    listenForInstall(window);
    expect(usePwa.getState()).toMatchObject({ installed: true, installOffer: null });
    // Later offers reach the app's own listener (one offer in the store, the latest).
    const later = offerEvent();
    window.dispatchEvent(later);
    expect(usePwa.getState().installOffer).toBe(later);
  });
});
