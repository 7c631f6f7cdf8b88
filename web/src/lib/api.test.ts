// The API helper follows the spec's call rules: credentials always, a JSON body only when given, and any non-OK
// answer raised as "<status>: <response text or status text>".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorMessage, NetworkError } from './api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response | Error) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('apiRequest', () => {
  it('sends credentials, and no body or content type when none is given', async () => {
    const fetch = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/auth/user');
    const init = fetch.mock.calls[0]![1]!;
    expect(init).toEqual({ method: 'GET', credentials: 'include' });
  });

  it('sends a given body as JSON with a JSON content type', async () => {
    const fetch = stubFetch(new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' })).resolves.toEqual({ ok: true });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('raises a non-OK answer as "<status>: <response text>"', async () => {
    stubFetch(new Response('{"error":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }));
    const err = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('401: {"error":"Invalid email or password"}');
    expect((err as ApiError).status).toBe(401);
  });

  it('uses the status text when the response has no text', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('reports a failed fetch (offline) as a NetworkError, not an HTTP error', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('errorMessage', () => {
  const apiError = (body: string) => new ApiError(400, body, 'Bad Request');

  it("is the JSON body's error field", () => {
    expect(errorMessage(apiError('{"error":"Current password is incorrect"}'), 'fallback')).toBe('Current password is incorrect');
  });

  it('is the plain text of a non-JSON body', () => {
    expect(errorMessage(apiError('Bad gateway'), 'fallback')).toBe('Bad gateway');
  });

  it('falls back when the body is empty or carries no error text', () => {
    expect(errorMessage(apiError(''), 'Login failed')).toBe('Login failed');
    expect(errorMessage(apiError('{"ok":false}'), 'Login failed')).toBe('Login failed');
  });

  it("is a network error's own message", () => {
    expect(errorMessage(new NetworkError(new TypeError('x')), 'fallback')).toMatch(/Cannot reach the server/);
  });
});
