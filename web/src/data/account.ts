// Ties who is signed in to their own database on this device: opened and synced while someone is signed in,
// closed when nobody is. Started once from main.tsx, which also fetches the current user for the first time.
import { isAuthenticated, loadCurrentUser, useCurrentUserStore, type CurrentUserState } from './current-user';
import { closeUserDb, markUserSyncOffline, onSyncUnauthorized, openUserDb, restartUserSync } from './user-db';
// Keeps the favourites store following the user's database.
import './favorites';
// Keeps the review commands (pending reviews and their outcomes) following it too.
import './review-commands';

let started = false;

export function startAccount() {
  if (started) return;
  started = true;

  let openFor: string | null = null;
  const follow = (s: CurrentUserState) => {
    const userId = isAuthenticated(s) ? s.user!.id : null;
    if (userId === openFor) return;
    const hadUser = openFor !== null;
    openFor = userId;
    if (userId) {
      void openUserDb(userId).catch((err) => console.error('[account] could not open your saved data', err));
    } else if (hadUser) {
      // The server said nobody is signed in (401): keep the device's copy only if it holds unsynced writes. After
      // another error the server may simply be unwell, so keep it.
      void closeUserDb({ destroy: s.error ? false : 'unless-pending' });
    }
  };
  useCurrentUserStore.subscribe(follow);
  follow(useCurrentUserStore.getState());

  // The replication was refused for want of a session: ask the server who is signed in now. Signed out, the
  // subscription above closes the database; still signed in (the refusal was a passing one), sync resumes.
  onSyncUnauthorized(() => {
    void loadCurrentUser({ force: true }).then((user) => {
      if (user && user.id === openFor) restartUserSync();
    });
  });

  window.addEventListener('online', () => {
    // Offline we kept the last known user; now the server can say whether the session is still good.
    if (useCurrentUserStore.getState().offline) void loadCurrentUser({ force: true });
    restartUserSync();
  });
  window.addEventListener('offline', markUserSyncOffline);

  void loadCurrentUser();
}
