// What the gateway rendered a page with (its server rendering of / and /reviews, issue 13): the same data goes into the page as a
// JSON block beside #root (sync-gateway/src/routes/web.ts), so hydration renders exactly what the HTML shows; the
// device's own copy takes over once it has been read. Pre-rendering at build time has none.
import type { ReviewDoc } from '@ss/domain/review';
import type { Sanctuary } from '@ss/domain/sanctuary';

/** The id of the JSON block; the gateway writes it (sync-gateway/src/page-head.ts): change both together. */
export const PAGE_DATA_ID = 'ss-page-data';

/** The home page's first screen without a search: how many sanctuaries, and the first few by name. */
export interface DirectoryPreview {
  localSeq: number | string;
  total: number;
  first: Sanctuary[];
}

export interface PageData {
  /** The home page's first screen without a search: the directory's count and first cards, as the store had them. */
  preview?: DirectoryPreview;
  /** The community page's first screen: how many reviews are visible, and the newest of them. */
  reviews?: { total: number; recent: ReviewDoc[] };
}

function fromDocument(): PageData {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data = JSON.parse(text) as PageData;
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

let current: PageData = typeof document === 'undefined' ? {} : fromDocument();

export const pageData = (): PageData => current;

/** Server rendering only: the data of the page about to be rendered. */
export function setPageData(data: PageData): void {
  current = data;
}
