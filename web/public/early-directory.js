// Starts reading the compact directory record (IndexedDB ss-cache / kv / directory-v1) while the page is still
// parsing, so the read overlaps the app's JavaScript loading on a cold start; data/sanctuary-directory.ts takes
// this promise instead of reading again. Resolves undefined on any failure: the app then reads as before.
(function () {
  try {
    window.__ssEarlyDirectory = new Promise(function (resolve) {
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
          var get = db.transaction('kv', 'readonly').objectStore('kv').get('directory-v1');
          get.onsuccess = function () {
            resolve(get.result);
            db.close();
          };
          get.onerror = function () {
            resolve(undefined);
            db.close();
          };
        } catch (e) {
          resolve(undefined);
        }
      };
    });
  } catch (e) {
    window.__ssEarlyDirectory = undefined;
  }
})();
