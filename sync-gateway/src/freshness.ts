// How far behind the store the gateway's own copies may be (also read by the e2e tests that wait them out).
/** The search copy of the directory (search-directory.ts), which / is also rendered from. */
export const SEARCH_DIRECTORY_TTL_MS = 5000;
/** /reviews asks the store whether its reviews changed at most this often (routes/web.ts). */
export const REVIEWS_CHECK_MS = 5000;
