// Test helper: renders one component inside a throwaway memory router so its <Link>s work in unit tests.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';

export async function renderWithRouter(ui: ReactNode, initialPath = '/') {
  // The router scrolls to the top on each navigation; jsdom has no scrolling and would log an error.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  // Resolve the initial match first so the component is on screen when render() returns.
  await router.load();
  return { router, ...render(<RouterProvider router={router} />) };
}
