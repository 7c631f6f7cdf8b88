// Starts the app: puts the entry module and the chunks it imports (kept inert in <template id="ss-app"> by the build,
// web/vite.config.ts) into the document. A page that arrived with its content in the HTML (the gateway's or the
// build's rendering) is painted first and the app is asked for after that first paint, so on a slow connection the
// page's text and images do not share the network and the main thread with the app's JavaScript before anyone sees
// them; at the latest after START_WAIT_MS, should the browser not report the paint. An empty page (the app shell the
// service worker serves, the native app) starts the app at once, as does a page nobody sees yet.
(function () {
  var START_WAIT_MS = 1000;
  // The browser's install offer, or word that the app was installed, can come before the app runs (it starts after
  // the first paint): both are kept for it (src/lib/pwa.ts listenForInstall takes them and stops this).
  var install = { offer: null, installed: false };
  var onOffer = function (e) {
    e.preventDefault();
    install.offer = e;
  };
  var onInstalled = function () {
    install.installed = true;
    install.offer = null;
  };
  install.stop = function () {
    window.removeEventListener('beforeinstallprompt', onOffer);
    window.removeEventListener('appinstalled', onInstalled);
  };
  window.addEventListener('beforeinstallprompt', onOffer);
  window.addEventListener('appinstalled', onInstalled);
  window.__ssEarlyInstall = install;
  // zod checks whether it may compile parsers with `new Function` when a schema is created, and the gateway's CSP
  // (no 'unsafe-eval') refuses that and reports a violation; jitless skips the check. Set before any module runs.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
  var template = document.getElementById('ss-app');
  // Development (vite serve) loads the app with its own module script.
  if (!template || !template.content) return;
  var started = false;
  // Each preload starts a fetch, a few milliseconds of the main thread's time on a slow phone: all of them at once were
  // a long task of their own (~160 ms at a four-fold CPU slowdown, 28 preloads). So the entry goes in first, alone,
  // and the preloads follow a few per task.
  var PER_TASK = 6;
  var start = function () {
    if (started) return;
    started = true;
    var nodes = Array.prototype.slice.call(document.importNode(template.content, true).childNodes);
    // The entry (the template's first node) in a task of its own, then PER_TASK preloads per task.
    var put = function (from, count) {
      var part = document.createDocumentFragment();
      for (var i = from; i < Math.min(from + count, nodes.length); i++) part.appendChild(nodes[i]);
      document.head.appendChild(part);
      if (from + count < nodes.length) {
        setTimeout(function () {
          put(from + count, PER_TASK);
        }, 0);
      }
    };
    put(0, 1);
  };
  var root = document.getElementById('root');
  var paintReported = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  var afterFirstPaint = function () {
    try {
      var observer = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        start();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      start();
    }
  };
  if (!root || document.visibilityState !== 'visible' || !paintReported) return start();
  setTimeout(start, START_WAIT_MS);
  if (root.firstElementChild) return afterFirstPaint();
  // The home page from the app shell: the device's own snapshot of it is being read (early-directory.js). When there
  // is one, it is painted first and the app asked for after that, as for a page that came with its content (the
  // app's evaluation would otherwise hold that frame back: offline on this machine the cards were in the DOM at
  // ~270 ms and on screen at ~400); when there is none, the app starts as soon as that is known.
  var snapshot = window.__ssEarlySnapshot;
  if (!snapshot || typeof snapshot.then !== 'function') return start();
  snapshot.then(function (shown) {
    if (shown) afterFirstPaint();
    else start();
  }, start);
})();
