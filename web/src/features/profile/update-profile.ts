// PATCH /api/user/profile with the four profile fields, then the signed-in user is fetched again.
import type { ProfileUpdatePayload } from '@ss/domain/auth';
import { loadCurrentUser } from '../../data/current-user';
import { apiJson, errorMessage } from '../../lib/api';

/** Rejects with an Error carrying the server's message. */
export async function updateProfile(payload: ProfileUpdatePayload): Promise<void> {
  try {
    await apiJson<unknown>('PATCH', '/api/user/profile', payload);
  } catch (err) {
    throw new Error(errorMessage(err, 'Your profile could not be updated.'));
  }
  await loadCurrentUser({ force: true });
}
