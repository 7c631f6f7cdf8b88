// Creates an account (POST /api/auth/register; the server signs the new user in) and then fetches the current
// user again, as the spec's Auth state asks.
import { AUTH_FALLBACKS, type RegistrationPayload } from '@ss/domain/auth';
import { loadCurrentUser } from '../../data/current-user';
import { apiJson, errorMessage } from '../../lib/api';

/** Rejects with an Error whose message is the server's `error` text, or 'Registration failed'. */
export async function signUp(payload: RegistrationPayload): Promise<void> {
  try {
    await apiJson<unknown>('POST', '/api/auth/register', payload);
  } catch (err) {
    throw new Error(errorMessage(err, AUTH_FALLBACKS.registration));
  }
  await loadCurrentUser({ force: true });
}
