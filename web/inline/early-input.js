// Records what happens in the search box of the page's own HTML (the pre-rendered home page) from the moment the
// page is parsed until the app has started: whether it had focus and whether Enter was pressed or the form sent.
// The app reads this when its search box takes over from that one (src/lib/early-input.ts) and runs the search: nothing
// typed or submitted before the app was ready is lost.
(function () {
  var BOX = '#root form[role="search"] input[type="search"]';
  var state = { focused: false, submitted: false, stop: stop };
  var isBox = function (t) {
    return Boolean(t && t.matches && t.matches(BOX));
  };
  var listeners = [
    ['focusin', function (e) { if (isBox(e.target)) state.focused = true; }],
    ['focusout', function (e) { if (isBox(e.target)) state.focused = false; }],
    ['input', function (e) { if (isBox(e.target)) state.submitted = false; }],
    ['keydown', function (e) { if (e.key === 'Enter' && isBox(e.target)) state.submitted = true; }],
    ['submit', function (e) {
      if (e.target && e.target.querySelector && e.target.querySelector(BOX)) {
        e.preventDefault();
        state.submitted = true;
      }
    }],
  ];
  function stop() {
    listeners.forEach(function (l) { document.removeEventListener(l[0], l[1], true); });
  }
  listeners.forEach(function (l) { document.addEventListener(l[0], l[1], true); });
  window.__ssEarlySearch = state;
})();
