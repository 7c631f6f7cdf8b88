// Starts reading the device's directory from IndexedDB (ss-cache / kv) while the page is still parsing, so the
// read overlaps the app's JavaScript loading on a cold start; data/sanctuary-directory.ts takes the promise
// instead of reading again. On the home page without a search only the small preview record is read here (the
// first result cards and the count: what the first screen shows); the whole directory, which takes a structured
// clone of every listing to read, is read by the app after those cards are on screen. Elsewhere the whole
// directory record is read here. Resolves undefined on any failure: the app then reads as before.
(function () {
  var previewOnly = location.pathname === '/' && !location.search;
  var key = previewOnly ? 'directory-preview-v1' : 'directory-v1';
  var read;
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
          var get = db.transaction('kv', 'readonly').objectStore('kv').get(key);
          get.onsuccess = function () {
            resolve(get.result);
            db.close();
          };
          get.onerror = function () {
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
  if (previewOnly) window.__ssEarlyPreview = read;
  else window.__ssEarlyDirectory = read;
})();
