// Calls for the admin queue's reports (online only: they are short, and the server checks the listing at once): a
// visitor's report, and an admin resolving it.
import { apiJson } from '../lib/api';

const path = (id: string) => `/api/sanctuaries/${encodeURIComponent(id)}`;

export const reportIncorrectInfo = (sanctuaryId: string, message: string) => apiJson<{ id: string }>('POST', `${path(sanctuaryId)}/report`, { message });

/** `id` is the report's id (`sanctuary-report:<hex>`). */
export function handleQueueItem(id: string, action: 'resolve'): Promise<unknown> {
  return apiJson('POST', `/api/admin/queue/reports/${id.slice(id.indexOf(':') + 1)}/${action}`);
}
