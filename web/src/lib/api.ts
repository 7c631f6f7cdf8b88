// Calls to the gateway's /api as the spec's section 7 has them: cookies always sent, a JSON body only when one is
// given, and any non-OK answer raised as an Error whose message is "<status>: <response text or status text>".

/** A non-OK answer. The message follows the spec's rule; status and body are kept for callers that need them. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

/** fetch itself failed: the device is offline or the server cannot be reached. No HTTP answer exists. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(cause: unknown) {
    super('Cannot reach the server. Check your connection and try again.', { cause });
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Sends one request; resolves with the OK response, rejects with ApiError or NetworkError. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
  return res;
}

/** apiRequest, then the response's JSON. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/**
 * What to tell the user about a failed call: the `error` field of a JSON error body (the gateway answers
 * `{ "error": "..." }`), else the plain response text, else the network message; `fallback` when there is none.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const text = err.body.trim();
    if (!text) return fallback;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed === 'object' && parsed !== null) {
        const field = (parsed as { error?: unknown }).error;
        return typeof field === 'string' && field.trim() ? field : fallback;
      }
    } catch {
      // Not JSON: the text itself is the message.
    }
    return text;
  }
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
