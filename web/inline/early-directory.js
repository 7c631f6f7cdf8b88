// Starts reading the device's directory from IndexedDB (ss-cache / kv) while the page is still parsing, so the
// read overlaps the app's JavaScript loading on a cold start; data/sanctuary-directory.ts takes the promise
// instead of reading again. On the home page without a search only the small preview record is read here (the
// first result cards and the count: what the first screen shows); the whole directory, which takes a structured
// clone of every listing to read, is read by the app after those cards are on screen. Elsewhere the whole
// directory record is read here. Resolves undefined on any failure: the app then reads as before.
// On the home page the page's snapshot (data/home-snapshot.ts, in localStorage: read at once, no database to open)
// is put on screen as soon as the page is parsed; main.tsx waits for that (window.__ssEarlySnapshot) before the app
// renders, and the app's first render replaces it.
(function () {
  var previewOnly = location.pathname === '/' && !location.search;
  var key = previewOnly ? 'directory-preview-v1' : 'directory-v1';
  var read;
  var shown;
  try {
    read = new Promise(function (resolve) {
      var open = indexedDB.open('ss-cache', 1);
      open.onupgradeneeded = function () {
        open.result.createObjectStore('kv');
      };
      open.onerror = function () {
        resolve(undefined);
      };
      open.onsuccess = function () {
        var db = open.result;
        try {
          var tx = db.transaction('kv', 'readonly');
          var get = tx.objectStore('kv').get(key);
          get.onsuccess = function () {
            resolve(get.result);
          };
          tx.oncomplete = tx.onerror = tx.onabort = function () {
            resolve(undefined);
            db.close();
          };
        } catch {
          resolve(undefined);
        }
      };
    });
  } catch {
    read = undefined;
  }
  // Settles once the snapshot is on screen (true), or once there is none to show (false).
  if (previewOnly) {
    shown = new Promise(function (resolve) {
      whenParsed(function () {
        resolve(show(savedSnapshot()));
      });
    });
  }
  // The saved snapshot, or undefined (none, unreadable, or storage refused).
  function savedSnapshot() {
    try {
      var text = localStorage.getItem('ss-home-snapshot-v1');
      return text ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  }
  // The home page as this device last showed it: shown only when this very build saved it, in this layout, and the
  // app has not rendered yet. Returns whether it was shown.
  function show(saved) {
    var root = document.getElementById('root');
    // The build keeps the entry in <template id="ss-app"> until web/inline/start-app.js starts it.
    var app = document.getElementById('ss-app');
    var entry = (app && app.content ? app.content : document).querySelector('script[type="module"][src]');
    if (!saved || !root || root.firstChild || window.__ssAppStarted || !entry) return false;
    if (saved.build !== entry.getAttribute('src') || window.matchMedia(saved.media).matches !== saved.matched) return false;
    root.innerHTML = saved.html;
    // For the cold-start benchmark (scripts/bench/browser.ts): the first frame with result cards on screen.
    requestAnimationFrame(function () {
      if (!performance.getEntriesByName('ss:results-painted').length) performance.mark('ss:results-painted');
    });
    return true;
  }
  // The page's #root exists once the parser is done ('interactive'), which is before the app's scripts run.
  function whenParsed(run) {
    if (document.readyState !== 'loading') return run();
    document.addEventListener('readystatechange', function once() {
      document.removeEventListener('readystatechange', once);
      run();
    });
  }
  if (previewOnly) {
    window.__ssEarlyPreview = read;
    window.__ssEarlySnapshot = shown;
  } else window.__ssEarlyDirectory = read;
})();
