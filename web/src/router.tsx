// Every route of the spec's route table. Pages other than Discover load on demand to keep the first load small.
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { RootLayout } from './ui/layout/root-layout';
import { NotFoundPage } from './ui/not-found-page';
import { HomePage } from './features/discover/components/home-page';
import { validateSearchParams } from './lib/search-params';
import { pageScrollPolicy } from './lib/page-scroll';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage, validateSearch: validateSearchParams });
const mapRoute = createRoute({ getParentRoute: () => rootRoute, path: '/map', validateSearch: validateSearchParams, component: lazyRouteComponent(() => import('./features/map/components/map-page'), 'MapPage') });
const sanctuaryRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sanctuary/$id', component: lazyRouteComponent(() => import('./features/sanctuary/components/sanctuary-page'), 'SanctuaryPage') });
const manageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sanctuary/$id/manage', component: lazyRouteComponent(() => import('./features/sanctuary/components/manage-listing-page'), 'ManageListingPage') });
const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/about', component: lazyRouteComponent(() => import('./features/pages/components/about-page'), 'AboutPage') });
const faqRoute = createRoute({ getParentRoute: () => rootRoute, path: '/faq', component: lazyRouteComponent(() => import('./features/pages/components/faq-page'), 'FaqPage') });
const contactRoute = createRoute({ getParentRoute: () => rootRoute, path: '/contact', component: lazyRouteComponent(() => import('./features/pages/components/contact-page'), 'ContactPage') });
const reviewsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/reviews', component: lazyRouteComponent(() => import('./features/reviews/components/reviews-page'), 'ReviewsPage') });
const savedRoute = createRoute({ getParentRoute: () => rootRoute, path: '/saved', component: lazyRouteComponent(() => import('./features/pages/components/saved-page'), 'SavedPage') });
const profileRoute = createRoute({ getParentRoute: () => rootRoute, path: '/profile', component: lazyRouteComponent(() => import('./features/profile/components/profile-page'), 'ProfilePage') });
const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: lazyRouteComponent(() => import('./features/auth/components/login-page'), 'LoginPage') });
const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: '/register', component: lazyRouteComponent(() => import('./features/auth/components/register-page'), 'RegisterPage') });
const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: lazyRouteComponent(() => import('./features/admin/components/admin-page'), 'AdminPage') });
const submitRoute = createRoute({ getParentRoute: () => rootRoute, path: '/addmysanctuary', component: lazyRouteComponent(() => import('./features/submit/components/submit-page'), 'SubmitPage') });
const privacyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/privacy', component: lazyRouteComponent(() => import('./features/pages/components/privacy-page'), 'PrivacyPage') });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/terms', component: lazyRouteComponent(() => import('./features/pages/components/terms-page'), 'TermsPage') });

const routeTree = rootRoute.addChildren([
  homeRoute,
  mapRoute,
  sanctuaryRoute,
  manageRoute,
  aboutRoute,
  faqRoute,
  contactRoute,
  reviewsRoute,
  savedRoute,
  profileRoute,
  loginRoute,
  registerRoute,
  adminRoute,
  submitRoute,
  privacyRoute,
  termsRoute,
]);

// Plain query strings (?q=44101&radius=50), readable and shareable; validateSearchParams types the values.
function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '' && value !== false) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseSearch(text: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(text.startsWith('?') ? text.slice(1) : text));
}

/**
 * The app's router (lib/page-scroll places each page). The build's pre-rendering (prerender.tsx) makes one with a
 * memory history per page, and no scrolling: on the server, the router's scroll restoration is an inline script, which
 * the pages' CSP refuses.
 */
export function createAppRouter(history?: RouterHistory) {
  const options = { routeTree, defaultPreload: 'intent', stringifySearch, parseSearch } as const;
  if (history) return createRouter({ ...options, history });
  const made: { router?: AnyRouter } = {};
  const router = createRouter({ ...options, scrollRestoration: pageScrollPolicy(() => made.router!) });
  made.router = router;
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
