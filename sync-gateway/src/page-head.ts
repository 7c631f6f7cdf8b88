// What each page route answers before any JavaScript runs (issue 13): its status (an unknown listing or path is a
// real 404), its own head (title, description, canonical URL, Open Graph and Twitter tags, and for a listing the
// schema.org JSON-LD with its address, place and rating) and, for a listing, its facts in the body, for link
// previews, search engines and readers without JavaScript. Public data only: no cookie is ever read here.
// Everything that comes from a listing is escaped for where it goes: HTML text and attributes, and JSON inside a
// script element (`<`, `>`, `&` and the line separators as \u escapes, so no `</script>` or `<!--` survives).
import { PAGE_DATA_ID } from '@ss/domain/page-data';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';

export const PRODUCT_NAME = 'Sanctuary Seekers';
const DEFAULT_DESCRIPTION = 'Find farm-animal sanctuaries and rescues near you — a free directory and map that works offline.';

/** Client routes that exist (web/src/router.tsx), besides /sanctuary/<id>[/manage]. */
const STATIC_PAGES: Record<string, { title: string; description: string; index: boolean }> = {
  '/': { title: `${PRODUCT_NAME} — Find animal sanctuaries & rescues near you`, description: DEFAULT_DESCRIPTION, index: true },
  '/map': { title: `Map of farm-animal sanctuaries — ${PRODUCT_NAME}`, description: 'Browse farm-animal sanctuaries and rescues across the US on a map, with filters for tours, volunteering and more.', index: true },
  '/reviews': { title: `Community reviews — ${PRODUCT_NAME}`, description: 'What visitors say about the farm-animal sanctuaries and rescues they went to.', index: true },
  '/faq': { title: `Frequently asked questions — ${PRODUCT_NAME}`, description: `How ${PRODUCT_NAME} works, offline use, reviews and listing your sanctuary.`, index: true },
  '/about': { title: `About — ${PRODUCT_NAME}`, description: `Why ${PRODUCT_NAME} exists, where its data comes from and how to support it.`, index: true },
  '/contact': { title: `Contact — ${PRODUCT_NAME}`, description: `Questions, corrections or ideas for ${PRODUCT_NAME}.`, index: true },
  '/privacy': { title: `Privacy — ${PRODUCT_NAME}`, description: `What ${PRODUCT_NAME} stores and why.`, index: true },
  '/terms': { title: `Terms — ${PRODUCT_NAME}`, description: `The terms of using ${PRODUCT_NAME}.`, index: true },
  '/addmysanctuary': { title: `List your sanctuary — ${PRODUCT_NAME}`, description: 'Apply to list a farm-animal sanctuary or rescue in the directory.', index: true },
  '/login': { title: `Sign in — ${PRODUCT_NAME}`, description: DEFAULT_DESCRIPTION, index: false },
  '/register': { title: `Create your account — ${PRODUCT_NAME}`, description: DEFAULT_DESCRIPTION, index: false },
  '/saved': { title: `Saved sanctuaries — ${PRODUCT_NAME}`, description: DEFAULT_DESCRIPTION, index: false },
  '/profile': { title: `Your profile — ${PRODUCT_NAME}`, description: DEFAULT_DESCRIPTION, index: false },
  '/admin': { title: `Admin Dashboard — ${PRODUCT_NAME}`, description: DEFAULT_DESCRIPTION, index: false },
};

/** The pages a sitemap lists besides the listings. */
export const INDEXED_PAGES = Object.entries(STATIC_PAGES).filter(([, p]) => p.index).map(([path]) => path);

const SANCTUARY_PATH = /^\/sanctuary\/([^/]+)(\/manage)?\/?$/;

export type PageMatch = { kind: 'static'; path: string } | { kind: 'sanctuary'; id: string; manage: boolean } | { kind: 'unknown' };

export function matchPage(pathname: string): PageMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (STATIC_PAGES[path]) return { kind: 'static', path };
  const m = SANCTUARY_PATH.exec(pathname);
  if (m) {
    let id: string;
    try {
      id = decodeURIComponent(m[1]!);
    } catch {
      return { kind: 'unknown' };
    }
    return { kind: 'sanctuary', id, manage: Boolean(m[2]) };
  }
  return { kind: 'unknown' };
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** JSON for a <script> element: nothing in it can end the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Only plain web addresses go into links and previews; anything else (javascript:, data:) is dropped. */
export function safeUrl(url: string | undefined, base?: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

export interface Rating {
  count: number;
  average: number;
}

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  canonical: string;
  index: boolean;
  image?: string;
  jsonLd?: unknown;
  /** HTML for inside #root: the page's facts, replaced by the app when it starts. */
  body?: string;
  /** The body is the app's own HTML (the build's pre-rendering): the app hydrates it instead of replacing it. */
  prerendered?: boolean;
  /** What the body was rendered with, for hydration to render the same (web/src/data/page-data.ts): a JSON block. */
  data?: unknown;
}

export function staticHead(path: string, origin: string): PageHead {
  const page = STATIC_PAGES[path]!;
  return { status: 200, title: page.title, description: page.description, canonical: `${origin}${path}`, index: page.index };
}

export function notFoundHead(origin: string, what: 'page' | 'sanctuary'): PageHead {
  return {
    status: 404,
    title: `${what === 'sanctuary' ? 'Sanctuary not found' : 'Page not found'} — ${PRODUCT_NAME}`,
    description: DEFAULT_DESCRIPTION,
    canonical: `${origin}/`,
    index: false,
  };
}

/** Inline styles: the app's stylesheet resets headings, and this HTML shows before the app's own styles apply. */
/** The app's picture for a listing without photos (web/src/ui/sanctuary-image.tsx). */
const DEFAULT_SANCTUARY_IMAGE = '/images/sanctuary-default.svg';
const H1 = '<h1 style="font-size:1.75rem;font-weight:700;line-height:1.2">';
const H2 = '<h2 style="font-size:1.125rem;font-weight:600;margin-top:1rem">';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function sanctuaryHead(s: SanctuaryDoc, origin: string, rating: Rating | null, manage: boolean): PageHead {
  const place = [s.city, s.state].filter(Boolean).join(', ');
  const url = `${origin}/sanctuary/${encodeURIComponent(s._id)}`;
  const description = clip(s.description?.trim() || `Farm-animal sanctuary in ${place}.`, 200);
  const image = safeUrl(s.imageUrls?.[0], origin) ?? undefined;
  const website = safeUrl(s.website) ?? undefined;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'AnimalShelter',
    '@id': url,
    name: s.name,
    url,
    description: s.description || undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address || undefined,
      addressLocality: s.city,
      addressRegion: s.state,
      postalCode: s.zipCode || undefined,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: s.latitude, longitude: s.longitude },
    telephone: s.phone || undefined,
    email: s.email || undefined,
    sameAs: website ? [website] : undefined,
    image,
    foundingDate: s.foundedYear ? String(s.foundedYear) : undefined,
    aggregateRating: rating && rating.count > 0 ? { '@type': 'AggregateRating', ratingValue: Number(rating.average.toFixed(1)), reviewCount: rating.count, bestRating: 5, worstRating: 1 } : undefined,
  };
  const hours = DAYS.filter((d) => s.operatingHours?.[d]);
  // The profile's hero, as large as the app's (the page's largest paint): on screen with the facts, not only once the
  // app has replaced them.
  const hero = `<img src="${escapeHtml(image ?? DEFAULT_SANCTUARY_IMAGE)}" alt="" fetchpriority="high" style="display:block;width:100%;aspect-ratio:21/9;object-fit:cover;border-radius:0.75rem;background:#ecfdf5;margin-bottom:1rem" />`;
  const facts: string[] = [
    hero,
    `${H1}${escapeHtml(s.name)}</h1>`,
    `<p style="color:#4b5563">${escapeHtml(place)}${s.address ? ` — ${escapeHtml(s.address)}` : ''}${s.zipCode ? ` ${escapeHtml(s.zipCode)}` : ''}</p>`,
    s.description ? `<p style="margin-top:0.75rem">${escapeHtml(s.description)}</p>` : '',
    s.animalTypes?.length ? `${H2}Animals</h2><p>${escapeHtml(s.animalTypes.join(', '))}</p>` : '',
    hours.length ? `${H2}Operating Hours</h2><dl>${hours.map((d) => `<dt>${d}</dt><dd>${escapeHtml(s.operatingHours[d]!)}</dd>`).join('')}</dl>` : '',
    s.phone || s.email || website
      ? `${H2}Contact</h2><ul>${s.phone ? `<li>${escapeHtml(s.phone)}</li>` : ''}${s.email ? `<li>${escapeHtml(s.email)}</li>` : ''}${website ? `<li><a href="${escapeHtml(website)}" rel="noopener noreferrer">${escapeHtml(website)}</a></li>` : ''}</ul>`
      : '',
  ];
  return {
    status: 200,
    title: manage ? `Manage ${s.name} — ${PRODUCT_NAME}` : `${s.name}, ${place} — ${PRODUCT_NAME}`,
    description,
    canonical: url,
    index: !manage,
    ...(image ? { image } : {}),
    jsonLd,
    body: `<article style="max-width:72rem;margin:0 auto;padding:1.5rem 1rem;font-family:system-ui,sans-serif;line-height:1.5">${facts.join('')}</article>`,
  };
}

/** index.html with this page's head and body put in; the app's own tags for the same things are replaced. */
export function renderPage(indexHtml: string, head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.index ? '' : '<meta name="robots" content="noindex" />',
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${head.jsonLd ? 'place' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    head.image ? `<meta name="twitter:image" content="${escapeHtml(head.image)}" />` : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  html = html.replace('</head>', `    ${tags}\n  </head>`);
  if (head.body) {
    const data = head.data === undefined ? '' : `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(head.data)}</script>`;
    html = html.replace('<div id="root"></div>', `<div id="root"${head.prerendered ? ' data-prerendered="app"' : ''}>${head.body}</div>${data}`);
  }
  return html;
}

export function sitemapXml(origin: string, listings: ReadonlyArray<{ id: string; updatedAt: string }>): string {
  const url = (loc: string, lastmod?: string) => `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...INDEXED_PAGES.map((p) => url(`${origin}${p}`)),
    ...listings.map((l) => url(`${origin}/sanctuary/${encodeURIComponent(l.id)}`, l.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /db/', 'Disallow: /media/', 'Disallow: /admin', 'Disallow: /profile', 'Disallow: /saved', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
