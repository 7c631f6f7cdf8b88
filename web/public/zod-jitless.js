// zod checks whether it may compile parsers with `new Function` when a schema is created, i.e. while the app's
// modules load. Under the gateway's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that check is
// refused and reported as a CSP violation (Lighthouse: "Issues were logged"), even though zod catches the error.
// zod reads its settings from globalThis.__zod_globalConfig, created on first load unless already there; setting
// jitless before the app runs skips the check and the compiled fast path, which our small documents do not need.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
