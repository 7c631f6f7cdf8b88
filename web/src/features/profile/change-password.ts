// PATCH /api/user/password. The server keeps this session and signs the user out everywhere else.
import type { PasswordChangePayload } from '@ss/domain/auth';
import { apiJson, errorMessage } from '../../lib/api';

/** Resolves with the server's confirmation text; rejects with an Error carrying the server's message. */
export async function changePassword(payload: PasswordChangePayload): Promise<string | undefined> {
  try {
    const res = await apiJson<{ message?: unknown }>('PATCH', '/api/user/password', payload);
    return typeof res.message === 'string' ? res.message : undefined;
  } catch (err) {
    throw new Error(errorMessage(err, 'Your password could not be changed.'));
  }
}
