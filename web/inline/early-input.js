// Records what happens in the page's HTML (pre-rendered by the build or the gateway, or the device's snapshot of /)
// from the moment the page is parsed until the app has started, so that nothing done before the app was ready is lost
// (src/lib/early-input.ts hands it to the app):
// - in the search box: whether it had focus and whether Enter was pressed or the form sent. The app reads this when its
//   search box takes over from that one and runs the search;
// - the last press of a button (the menu, a section of the FAQ, the filters): pressed again once the app has taken the
//   page over. Until React takes #root over nothing answers it; from then on React does (it hydrates what is clicked
//   first), so recording stops just before.
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

  var press = { button: null, stop: stopPresses };
  function onClick(e) {
    var b = e.target && e.target.closest ? e.target.closest('#root button[type="button"]') : null;
    if (b && !b.disabled) press.button = b;
  }
  function stopPresses() {
    document.removeEventListener('click', onClick, true);
  }
  document.addEventListener('click', onClick, true);
  window.__ssEarlyPress = press;
})();
