// @vitest-environment jsdom
// The spec's Auth state: fetched once, fresh for 5 minutes, no retry; a 401 or failed fetch is signed out; refetched
// on demand (after sign-in); null after sign-out. Offline, the device's last known user stays signed in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_FRESH_MS } from '@ss/domain/constants';
import type { User } from '@ss/domain/user';

const ada: User = {
  id: '0123456789abcdef0123456789abcdef',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  username: null,
  profileImageUrl: null,
  role: 'user',
  isVerified: false,
};

type Answer = User | number | 'offline';

/** A fetch that answers GET /api/auth/user with each of `answers` in turn (the last one repeats). */
function stubServer(...answers: Answer[]) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe('/api/auth/user');
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (typeof answer === 'number') return new Response(JSON.stringify({ error: 'Unauthorized' }), { status: answer });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function freshModule() {
  vi.resetModules();
  return import('./current-user');
}

beforeEach(() => {
  localStorage.clear();
  // The gateway's script-readable companion of the session cookie (see maybeSignedIn).
  document.cookie = 'ss_signed_in=1; path=/';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-20T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('current user', () => {
  it('does not ask the server when the browser holds no signed-in hint: signed out, no request, no 401', async () => {
    document.cookie = 'ss_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const fetch = stubServer(ada);
    const { loadCurrentUser, useCurrentUserStore, isAuthenticated } = await freshModule();

    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(isAuthenticated(useCurrentUserStore.getState())).toBe(false);
  });

  it('is fetched once and served from memory while fresh', async () => {
    const fetch = stubServer(ada);
    const { loadCurrentUser, useCurrentUserStore, isAuthenticated } = await freshModule();

    await expect(Promise.all([loadCurrentUser(), loadCurrentUser()])).resolves.toEqual([ada, ada]);
    vi.setSystemTime(Date.now() + CURRENT_USER_FRESH_MS - 1);
    await loadCurrentUser();

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isAuthenticated(useCurrentUserStore.getState())).toBe(true);
  });

  it('is fetched again once 5 minutes have passed', async () => {
    const fetch = stubServer(ada, { ...ada, firstName: 'Augusta' });
    const { loadCurrentUser } = await freshModule();

    await loadCurrentUser();
    vi.setSystemTime(Date.now() + CURRENT_USER_FRESH_MS);
    await expect(loadCurrentUser()).resolves.toMatchObject({ firstName: 'Augusta' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is refetched when forced (after sign-in or sign-up), even while fresh', async () => {
    const fetch = stubServer(401, ada);
    const { loadCurrentUser, useCurrentUserStore } = await freshModule();

    await expect(loadCurrentUser()).resolves.toBeNull();
    await loadCurrentUser();
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(loadCurrentUser({ force: true })).resolves.toEqual(ada);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useCurrentUserStore.getState().user).toEqual(ada);
  });

  it('treats a 401 as signed out, without retrying', async () => {
    const fetch = stubServer(401);
    const { loadCurrentUser, useCurrentUserStore, isAuthenticated } = await freshModule();

    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isAuthenticated(useCurrentUserStore.getState())).toBe(false);
    expect(useCurrentUserStore.getState().status).toBe('settled');
  });

  it('treats a failed fetch as signed out, without retrying, and asks again next time', async () => {
    const fetch = stubServer(500, ada);
    const { loadCurrentUser, useCurrentUserStore, isAuthenticated } = await freshModule();

    await expect(loadCurrentUser()).resolves.toBeNull();
    const state = useCurrentUserStore.getState();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(state.error?.message).toBe('500: {"error":"Unauthorized"}');
    expect(isAuthenticated(state)).toBe(false);

    // An error is not cached: the next use asks the server again.
    await expect(loadCurrentUser()).resolves.toEqual(ada);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the last known user while offline, and forgets it when the server says signed out', async () => {
    stubServer(ada);
    const first = await freshModule();
    await first.loadCurrentUser();

    // A new page load with the network cut: the device's copy keeps the user signed in.
    stubServer('offline');
    const offline = await freshModule();
    expect(offline.useCurrentUserStore.getState().user).toEqual(ada);
    await expect(offline.loadCurrentUser()).resolves.toEqual(ada);
    expect(offline.useCurrentUserStore.getState()).toMatchObject({ user: ada, error: null, offline: true });
    expect(offline.isAuthenticated(offline.useCurrentUserStore.getState())).toBe(true);

    // Back online, the session turns out to have ended elsewhere.
    stubServer(401);
    await expect(offline.loadCurrentUser()).resolves.toBeNull();
    const next = await freshModule();
    expect(next.useCurrentUserStore.getState().user).toBeNull();
  });

  it('is not signed in offline when the device never knew a user', async () => {
    stubServer('offline');
    const { loadCurrentUser, useCurrentUserStore, isAuthenticated } = await freshModule();
    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(isAuthenticated(useCurrentUserStore.getState())).toBe(false);
  });

  it('after sign-out is null without asking the server, and a fetch already under way cannot bring it back', async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { loadCurrentUser, clearCurrentUser, useCurrentUserStore } = await freshModule();

    const late = loadCurrentUser({ force: true });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    clearCurrentUser();
    answer(new Response(JSON.stringify(ada), { status: 200 }));
    await late;

    expect(useCurrentUserStore.getState().user).toBeNull();
    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it('reads the signed-in hint through the Cookie Store API where the browser has it, without reading document.cookie', async () => {
    // document.cookie says signed in; the cookie store (as the browser would, had the hint just been cleared) says not.
    const get = vi.fn(async () => null);
    vi.stubGlobal('cookieStore', { get });
    const fetch = stubServer(ada);
    const { loadCurrentUser } = await freshModule();

    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(get).toHaveBeenCalledWith('ss_signed_in');
    expect(fetch).not.toHaveBeenCalled();

    get.mockImplementation(async () => ({ value: '1' }) as never);
    await expect(loadCurrentUser({ force: true })).resolves.toEqual(ada);
  });
});
