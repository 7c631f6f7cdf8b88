// Helpers shared by the end-to-end specs.
import { expect, type Page } from '@playwright/test';
import { createCouchClient } from '@ss/couchdb/client';
import type { CouchConfig } from '@ss/couchdb/config';

export function storeClient() {
  return createCouchClient(JSON.parse(process.env.E2E_COUCH ?? '{}') as CouchConfig);
}

/** Waits until this page's replicated directory is on the device and the sync indicator says so. */
export async function waitForSync(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /Up to date/ })).toBeVisible({ timeout: 30_000 });
}

/** Waits until the service worker controls the page, so a reload can be served offline. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return Boolean(reg.active) && Boolean(navigator.serviceWorker.controller);
  }, undefined, { timeout: 30_000 });
}
