// Calls for the admin queue's reports and proposed edits (online only: they are short, and the server checks the
// listing and its owner at once): a visitor's report, an owner's proposed edit, and an admin's handling of them.
import type { ListingChanges } from '@ss/domain/listing-feedback';
import { apiJson } from '../lib/api';

const path = (id: string) => `/api/sanctuaries/${encodeURIComponent(id)}`;

export const reportIncorrectInfo = (sanctuaryId: string, message: string) => apiJson<{ id: string }>('POST', `${path(sanctuaryId)}/report`, { message });

export const proposeListingEdit = (sanctuaryId: string, changes: Partial<ListingChanges>, note: string) =>
  apiJson<{ id: string }>('POST', `${path(sanctuaryId)}/edits`, { changes, note });

/** `id` is the queue item's id (`sanctuary-report:<hex>` or `listing-edit:<hex>`). */
export function handleQueueItem(id: string, action: 'resolve' | 'approve' | 'reject', reviewNotes?: string): Promise<unknown> {
  const [type, hex] = id.split(':');
  const base = type === 'sanctuary-report' ? `/api/admin/queue/reports/${hex}` : `/api/admin/queue/edits/${hex}`;
  return apiJson('POST', `${base}/${action}`, action === 'reject' ? { reviewNotes } : undefined);
}
