// Signs in (POST /api/auth/login) and then fetches the current user again, as the spec's Auth state asks.
import { AUTH_FALLBACKS, type LoginPayload } from '@ss/domain/auth';
import { loadCurrentUser } from '../../data/current-user';
import { apiJson, errorMessage } from '../../lib/api';

/** Rejects with an Error whose message is the server's `error` text, or 'Login failed'. */
export async function signIn(payload: LoginPayload): Promise<void> {
  try {
    await apiJson<unknown>('POST', '/api/auth/login', payload);
  } catch (err) {
    throw new Error(errorMessage(err, AUTH_FALLBACKS.login));
  }
  await loadCurrentUser({ force: true });
}
