// Build-time pre-rendering (issue 13): the pages whose content never changes with the data are rendered once, at
// build time, from the app's own components (the same router, layout and page components the browser runs), and
// the gateway puts that HTML in the page before any JavaScript runs (sync-gateway/src/routes/web.ts). The app then
// mounts over it (web/src/main.tsx). Data-dependent parts render as the app first shows them: loading.
// The gateway also renders / with the store's current first cards (`data`: web/src/data/page-data.ts), per change.
// The edge builds, not Node's: Node's streaming renderer runs each render inside an AsyncLocalStorage, and the first
// such run turns on promise hooks for the whole gateway process on Node 20 (every promise then pays for them: ~3–4 % of
// the gateway's busy time under 1,000 devices in a CPU profile). The edge build keeps no request storage in Node.
import { renderToString } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { setPageData, type PageData } from './data/page-data';

export type { PageData };

/** One render at a time: the page's data is module state while it renders. */
export async function renderPage(path: string, data: PageData = {}): Promise<string> {
  setPageData(data);
  try {
    return await render(path);
  } finally {
    setPageData({});
  }
}

async function render(path: string): Promise<string> {
  const app = async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
    // Resolves the route and loads its (lazy) component.
    await router.load();
    return <RouterProvider router={router} />;
  };
  // The first pass waits for everything the page loads lazily (prerender waits for every Suspense boundary); the
  // second renders it all in one piece. A single streaming pass would leave suspended parts hidden behind inline
  // scripts that reveal them, and the page's Content-Security-Policy runs no inline script.
  await prerender(await app());
  // React puts resource hints for the page's images (<link rel="preload">) ahead of the markup when there is no
  // <head> in the tree; the browser's render has no such elements there, so hydration would not match: left out.
  const html = renderToString(await app()).replace(/^(<link [^>]*>)+/, '');
  if (/<script|<template/.test(html)) throw new Error(`pre-rendering ${path}: a part of the page did not render on the server`);
  return html;
}
