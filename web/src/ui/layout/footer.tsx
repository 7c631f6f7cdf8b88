// Shared footer: Support links, Quick Links, social placeholders, copyright and the tiny /admin dot.
import { Link } from '@tanstack/react-router';
import { Facebook, Instagram, Twitter } from 'lucide-react';
import { FOOTER_YEAR, PRODUCT_NAME, TAGLINE } from '@ss/domain/constants';
import { config, isExternal } from '../../config';

// At least 44 px tall on phones, where they are tapped; a plain line of text from md up.
const linkClass = 'inline-flex min-h-11 min-w-11 items-center text-sm text-gray-300 hover:text-white md:min-h-0 md:min-w-0';

function ExternalOrInternal({ href, children }: { href: string; children: string }) {
  return isExternal(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}

export function Footer() {
  // On phones the tab bar is fixed over the bottom of the page: the footer runs on under it, so its last line can
  // scroll clear of it.
  return (
    <footer className="mt-16 bg-gray-900 pb-[calc(3.5rem+env(safe-area-inset-bottom))] text-gray-200 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-gray-300">{TAGLINE}</p>
          <div className="mt-4 flex gap-3" aria-label="Social media (coming soon)" role="group">
            {[Facebook, Instagram, Twitter].map((Icon, i) => (
              <span key={i} className="rounded-full bg-gray-800 p-2 text-gray-300" aria-hidden>
                <Icon className="h-4 w-4" />
              </span>
            ))}
            <span className="sr-only">Social media profiles are coming soon.</span>
          </div>
        </div>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-sm font-semibold uppercase tracking-wide text-white">Support</h2>
          <ul className="mt-3 md:space-y-2">
            <li><Link to="/addmysanctuary" className={linkClass}>Add Your Sanctuary or Rescue</Link></li>
            <li><Link to="/contact" className={linkClass}>Contact</Link></li>
            <li><Link to="/faq" className={linkClass}>FAQ</Link></li>
            <li><Link to="/privacy" className={linkClass}>Privacy Policy</Link></li>
            <li><Link to="/terms" className={linkClass}>Terms of Service</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="text-sm font-semibold uppercase tracking-wide text-white">Quick Links</h2>
          <ul className="mt-3 md:space-y-2">
            <li><Link to="/" className={linkClass}>Discover Sanctuaries</Link></li>
            <li><Link to="/map" className={linkClass}>Interactive Map</Link></li>
            <li><Link to="/reviews" className={linkClass}>Community Reviews</Link></li>
            <li><ExternalOrInternal href={config.partnerUrl}>{config.partnerName}</ExternalOrInternal></li>
            <li><ExternalOrInternal href={config.supportUrl}>Support Our Mission</ExternalOrInternal></li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4 text-xs text-gray-400">
          <p>© {FOOTER_YEAR} {PRODUCT_NAME}. All rights reserved.</p>
          {/* The spec's tiny, nearly invisible dot to the admin dashboard, shown to everyone. */}
          {/* The dot stays tiny; the place to tap around it does not. */}
          <Link to="/admin" aria-label="Admin" className="inline-flex h-11 w-11 items-center justify-center">
            <span aria-hidden className="inline-block h-1.5 w-1.5 rounded-full bg-gray-700 opacity-40" />
          </Link>
        </div>
      </div>
    </footer>
  );
}
