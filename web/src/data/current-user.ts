// Who is signed in, by the spec's Auth state rules: GET /api/auth/user fetched once and fresh for 5 minutes, never
// retried; refetched after sign-in and sign-up; null (and everything cached dropped) after sign-out. A copy of the
// user is kept on the device so someone signed in stays signed in while the server cannot be reached.
import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { CURRENT_USER_FRESH_MS, type Role } from '@ss/domain/constants';
import type { User } from '@ss/domain/user';
import { ApiError, apiJson, NetworkError } from '../lib/api';
import { forgetHomeSnapshot } from './home-snapshot';

export interface CurrentUserState {
  /** The signed-in user; while offline, the device's last known copy. */
  user: User | null;
  /** The last fetch failed with an HTTP error other than 401: signed out, per the spec. */
  error: Error | null;
  /** 'idle' until the first fetch settles. */
  status: 'idle' | 'loading' | 'settled';
  /** When the server last answered (a user or a 401); null when it never has. Drives the 5-minute freshness. */
  fetchedAt: number | null;
  /** The user shown is the device's copy: the last fetch could not reach the server. */
  offline: boolean;
}

const STORAGE_KEY = 'ss:current-user';
const STORAGE_VERSION = 1;

function readPersisted(): User | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { v?: unknown; user?: Partial<User> };
    const u = parsed.user;
    if (parsed.v !== STORAGE_VERSION || !u || typeof u.id !== 'string' || typeof u.email !== 'string') return null;
    return {
      id: u.id,
      email: u.email,
      firstName: typeof u.firstName === 'string' ? u.firstName : '',
      lastName: typeof u.lastName === 'string' ? u.lastName : '',
      username: typeof u.username === 'string' ? u.username : null,
      profileImageUrl: typeof u.profileImageUrl === 'string' ? u.profileImageUrl : null,
      role: typeof u.role === 'string' ? (u.role as Role) : 'user',
      isVerified: u.isVerified === true,
    };
  } catch {
    return null;
  }
}

function writePersisted(user: User | null) {
  try {
    if (user) globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ v: STORAGE_VERSION, user }));
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or a full quota: the user is still signed in for this page's life.
  }
}

// Created empty, then given the device's copy: zustand renders its initial state while React hydrates the build's
// pre-rendered HTML (which knows nobody), so hydration matches it, and the copy shows in the render just after.
export const useCurrentUserStore = create<CurrentUserState>(() => ({ user: null, error: null, status: 'idle', fetchedAt: null, offline: false }));
useCurrentUserStore.setState({ user: readPersisted() });

/** The spec's definition: user data and no error. */
export const isAuthenticated = (s: Pick<CurrentUserState, 'user' | 'error'>): boolean => s.user !== null && s.error === null;

let inflight: Promise<User | null> | null = null;
/** Bumped by every fetch and by sign-out, so an older answer never overwrites a newer state. */
let generation = 0;

/**
 * The gateway sets the script-readable `ss_signed_in` cookie alongside the (HttpOnly) session cookie and clears
 * both together: without it nobody is signed in here, and asking would only earn a 401 in the console.
 */
async function maybeSignedIn(): Promise<boolean> {
  if (typeof document === 'undefined') return true;
  // The Cookie Store API answers without holding up the page: a page's first read of document.cookie waits for the
  // browser's network service (9.6 ms of a first visit's main thread here, while the page's own requests load).
  const store = (globalThis as { cookieStore?: { get(name: string): Promise<{ value?: string } | null> } }).cookieStore;
  if (store) {
    const cookie = await store.get('ss_signed_in').catch(() => undefined);
    if (cookie !== undefined) return cookie?.value === '1';
  }
  return document.cookie.split(';').some((c) => c.trim() === 'ss_signed_in=1');
}

async function fetchUser(): Promise<User | null> {
  if (!(await maybeSignedIn())) return null;
  try {
    return await apiJson<User>('GET', '/api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The current user: from memory while fresh, otherwise one GET /api/auth/user (shared by concurrent callers, never
 * retried). `force` refetches regardless, as after sign-in. Resolves with the user or null; never rejects.
 */
export function loadCurrentUser({ force = false }: { force?: boolean } = {}): Promise<User | null> {
  const s = useCurrentUserStore.getState();
  if (!force && s.fetchedAt !== null && Date.now() - s.fetchedAt < CURRENT_USER_FRESH_MS) return Promise.resolve(s.user);
  if (!force && inflight) return inflight;

  const mine = ++generation;
  useCurrentUserStore.setState({ status: s.status === 'settled' ? 'settled' : 'loading' });
  const run = fetchUser().then(
    (user) => {
      if (mine === generation) {
        writePersisted(user);
        useCurrentUserStore.setState({ user, error: null, status: 'settled', fetchedAt: Date.now(), offline: false });
      }
      return user;
    },
    (err: unknown) => {
      if (mine !== generation) return useCurrentUserStore.getState().user;
      if (err instanceof NetworkError) {
        // Offline: keep whoever this device last knew to be signed in. Not fresh, so the next caller asks again.
        const known = useCurrentUserStore.getState().user ?? readPersisted();
        useCurrentUserStore.setState({ user: known, error: known ? null : err, status: 'settled', offline: known !== null });
        return known;
      }
      // The server answered with an error: signed out, per the spec. The device copy stays: the server never said
      // this session had ended, and the next fetch may well succeed.
      useCurrentUserStore.setState({ user: null, error: err instanceof Error ? err : new Error(String(err)), status: 'settled', offline: false });
      return null;
    },
  );
  const tracked = run.finally(() => {
    if (inflight === tracked) inflight = null;
  });
  inflight = tracked;
  return tracked;
}

/** After sign-out: the user is null (and known to be, for the next 5 minutes) and the device copy is gone. */
export function clearCurrentUser() {
  generation++;
  inflight = null;
  writePersisted(null);
  void forgetHomeSnapshot();
  useCurrentUserStore.setState({ user: null, error: null, status: 'settled', fetchedAt: Date.now(), offline: false });
}

/** The user once the first fetch has settled (or at once when it already has). */
export async function currentUserSettled(): Promise<User | null> {
  const s = useCurrentUserStore.getState();
  if (s.status === 'settled') return isAuthenticated(s) ? s.user : null;
  await loadCurrentUser();
  const after = useCurrentUserStore.getState();
  return isAuthenticated(after) ? after.user : null;
}

export interface CurrentUserView {
  user: User | null;
  /** Nothing is known yet: the first fetch is under way and the device has no copy. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Shown from the device's copy because the server cannot be reached. */
  offline: boolean;
}

function view(s: CurrentUserState): CurrentUserView {
  const authenticated = isAuthenticated(s);
  return {
    user: authenticated ? s.user : null,
    isLoading: s.status !== 'settled' && s.user === null,
    isAuthenticated: authenticated,
    offline: s.offline,
  };
}

/** The auth state without asking the server; for the many small components (the hearts) that only read it. */
export function useAuthState(): CurrentUserView {
  return useCurrentUserStore(useShallow(view));
}

/** The auth state, refetching on mount when it is no longer fresh (as a query with a 5-minute stale time). */
export function useCurrentUser(): CurrentUserView {
  useEffect(() => {
    void loadCurrentUser();
  }, []);
  return useAuthState();
}
