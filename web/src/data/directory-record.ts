// The directory's compact record on the device: every listing in name order with the local database's sequence, and
// beside it the home page's preview (its count and first cards). A cold start reads it instead of opening PouchDB
// (data/sanctuary-directory). Written by the page as the directory changes, and by a first sync's worker
// (data/first-sync.worker), which has every listing of the snapshot already and so spares the page the copy.
import { HOME_MAX_RESULT_CARDS } from '@ss/domain/constants';
import type { DirectoryPreview } from '@ss/domain/page-data';
import type { Sanctuary, SanctuaryDoc } from '@ss/domain/sanctuary';
import { isSanctuaryDoc, toSanctuary } from '@ss/domain/sanctuary-doc';
import { sortByName } from '@ss/domain/sort';
import { kvSetMany } from './kv-store';

/**
 * Both also read by web/inline/early-directory.js: change them together. The record's items are in sortByName's order
 * and a cold start relies on it (data/sanctuary-directory does not sort them again): a new order needs a new key.
 */
export const CACHE_KEY = 'directory-v1';
export const PREVIEW_KEY = 'directory-preview-v1';

export interface CacheRecord {
  /** The local database's update_seq the record reflects. */
  localSeq: number | string;
  items: Sanctuary[];
}

/** `items` in name order, as the directory record stores them. */
export function previewOf(items: readonly Sanctuary[], seq: number | string): DirectoryPreview {
  return { localSeq: seq, total: items.length, first: items.slice(0, HOME_MAX_RESULT_CARDS) };
}

/** The listings among a snapshot's documents, as screens read them, in name order. */
export function sanctuariesOf(docs: readonly object[]): Sanctuary[] {
  const items: Sanctuary[] = [];
  for (const doc of docs) if (isSanctuaryDoc<SanctuaryDoc>(doc)) items.push(toSanctuary(doc));
  return sortByName(items);
}

/**
 * Writes the record and its preview in one transaction. `items` in name order (stored so, the next cold start's sort
 * has almost nothing to do).
 */
export function writeDirectoryRecord(items: Sanctuary[], localSeq: number | string): Promise<unknown> {
  const record: CacheRecord = { localSeq, items };
  return kvSetMany([
    [CACHE_KEY, record],
    [PREVIEW_KEY, previewOf(items, localSeq)],
  ]);
}
