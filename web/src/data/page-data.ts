// What the gateway rendered a page with (its server rendering of / and /reviews, issue 13): the same data goes into
// the page as a JSON block beside #root (@ss/domain/page-data), so hydration renders exactly what the HTML shows; the
// device's own copy takes over once it has been read. Pre-rendering at build time has none.
import { PAGE_DATA_ID, type DirectoryPreview, type PageData } from '@ss/domain/page-data';

export type { DirectoryPreview, PageData };

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
