// Sign-out: ends the session on the server (POST /api/auth/logout), then stops syncing and removes the user's
// database from this device and forgets the user. Unsynced writes are lost, so callers warn first (see
// countPendingWrites in user-db.ts).
import { apiJson } from '../lib/api';
import { clearCurrentUser } from './current-user';
import { closeUserDb } from './user-db';

/**
 * Rejects (and changes nothing on the device) when the server cannot be told, e.g. offline. `leave` runs once the
 * server has ended the session and before the device forgets the user, so a page that needs a user can be left
 * first instead of reacting to the sign-out as to an expired session.
 */
export async function signOut({ leave }: { leave?: () => Promise<unknown> } = {}): Promise<void> {
  await apiJson<unknown>('POST', '/api/auth/logout');
  try {
    await leave?.();
  } finally {
    await closeUserDb({ destroy: true });
    clearCurrentUser();
  }
}
