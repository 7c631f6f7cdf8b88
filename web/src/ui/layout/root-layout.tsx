// The frame every page shares: header, main content, footer, mobile bottom bar, toasts, and app-wide
// behaviour (ctrl+shift+A to the admin dashboard). Where each page is scrolled is the router's (router.tsx).
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LazyPart, lazyPart } from '../lazy-part';
import { AppBanners } from './app-banners';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { ReviewOutcomeToasts } from './review-outcome-toasts';

// Radix's toast viewport loads just after the first paint: toasts raised before it arrives wait in the toast
// store and show as soon as it has loaded.
const Toaster = lazyPart(() => import('../toaster').then((m) => m.Toaster));

export function RootLayout() {
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && (e.key === 'A' || e.key === 'a')) {
        e.preventDefault();
        void navigate({ to: '/admin' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    // No tooltip provider here: only the community page shows tooltips, and it brings its own, so Radix's
    // tooltip and its positioning code stay out of the JavaScript every first paint waits for.
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
        <AppBanners />
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
        <BottomBar />
      </div>
      <LazyPart fallback={null}>
        <Toaster />
      </LazyPart>
      <ReviewOutcomeToasts />
    </>
  );
}
