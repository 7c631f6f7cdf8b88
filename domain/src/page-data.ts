// The data a page was rendered with on the server (issue 13): the gateway renders /, /map and /reviews with it and puts it
// beside #root as a JSON block with this id (sync-gateway/src/routes/web.ts, page-head.ts); the app reads it back so
// hydration renders exactly what the HTML shows (web/src/data/page-data.ts). A listing's page carries the listing, so
// a first visit's app shows it at once instead of waiting for its own copy of the directory.
import type { ReviewDoc } from './review.ts';
import type { Sanctuary } from './sanctuary.ts';

export const PAGE_DATA_ID = 'ss-page-data';

/** The home page's first screen without a search: how many sanctuaries, and the first few by name. */
export interface DirectoryPreview {
  /** The device's database sequence the preview reflects (0 for one the server rendered). */
  localSeq: number | string;
  total: number;
  first: Sanctuary[];
}

/** One line of /map's list as the server rendered it: what the list shows of a listing. */
export type ListedPlace = Pick<Sanctuary, 'id' | 'name' | 'city' | 'state'>;

/** The layout a page was rendered in: pages whose arrangement differs on a phone (/, /map) follow the device. */
export type PageLayout = 'phone' | 'desktop';

export interface PageData {
  /** The layout the server chose from the request (a phone when it could not tell, and at build time). */
  layout?: PageLayout;
  /** /map's list without a search: how many sanctuaries, and the first MAP_SERVED_LIST_ITEMS by name. */
  mapList?: { total: number; first: ListedPlace[] };
  /** The home page's first screen without a search: the directory's count and first cards, as the store had them. */
  preview?: DirectoryPreview;
  /** The community page's first screen: how many reviews are visible, and the newest of them. */
  reviews?: { total: number; recent: ReviewDoc[] };
  /** A listing's page: the listing as the store had it when the page was served. */
  sanctuary?: Sanctuary;
}
