// The security headers: the CSP's content, the tile server it allows, and HSTS only over https.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { DATA_ANSWER_HEADERS, HSTS_VALUE, inlineScriptHashes, inlineScriptHashesOf, securityHeaders, tileSource } from './security-headers.ts';

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...values] = d.split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

function appWith(options: Parameters<typeof securityHeaders>[0]) {
  const app = new Hono();
  app.use('*', securityHeaders(options));
  app.get('/json', (c) => c.json({ ok: true }));
  app.get('/api/thing', (c) => c.json({ ok: true }));
  app.get('/api/own-csp', (c) => c.json({ ok: true }, 200, { 'Content-Security-Policy': "default-src 'none'; sandbox" }));
  app.get('/db/leaky', (c) => c.body('{}', 200, { 'X-Powered-By': 'Express', Server: 'PouchDB' }));
  app.get('/own-csp', (c) => {
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return c.body('x');
  });
  app.get('/leaky', (c) => c.body('x', 200, { 'X-Powered-By': 'Express', Server: 'PouchDB' }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_err, c) => c.json({ error: 'Something went wrong' }, 500));
  return app;
}

describe('tileSource', () => {
  it('turns a tile template into a CSP source, widening a {s} subdomain', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('https://tiles.example.org:8443/{z}/{x}/{y}.png?key=abc')).toBe('https://tiles.example.org:8443');
  });
  it('ignores relative, empty and non-web templates ("self" covers same-origin tiles)', () => {
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('')).toBeNull();
    expect(tileSource(undefined)).toBeNull();
    expect(tileSource('javascript:alert(1)')).toBeNull();
  });
});

describe('securityHeaders', () => {
  const app = appWith({ trustedProxies: 0 });

  it('sends a CSP without inline or eval scripts, framing, plugins or foreign forms', async () => {
    const res = await app.request('/json');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tile.openstreetmap.org']);
    for (const values of csp.values()) expect(values.join(' ')).not.toMatch(/unsafe-eval|\*(?!\.)/);
  });

  it('allows the configured tile server instead of the default', async () => {
    const res = await appWith({ trustedProxies: 0, tileUrl: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' }).request('/json');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('img-src')).toContain('https://*.tiles.example.net');
    expect(csp.get('img-src')).not.toContain('https://tile.openstreetmap.org');
  });

  it('sends nosniff, a referrer policy, frame denial, COOP and a permissions policy allowing only our geolocation', async () => {
    const res = await app.request('/json');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });

  it('keeps a stricter policy a route set itself, and adds the rest', async () => {
    const res = await app.request('/own-csp');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('removes X-Powered-By and Server', async () => {
    const res = await app.request('/leaky');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
  });

  it('covers error answers too', async () => {
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });

  it("gives the API's and the replication proxies' data answers their short set, not a page's policies", async () => {
    const res = await app.request('/api/thing');
    expect(Object.fromEntries([...res.headers].filter(([name]) => name !== 'content-type'))).toEqual(
      Object.fromEntries(DATA_ANSWER_HEADERS.map(([name, value]) => [name.toLowerCase(), value])),
    );
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // A route's own header stays, and what upstream says about itself goes, as on a page.
    expect((await app.request('/api/own-csp')).headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const leaky = await app.request('/db/leaky');
    expect(leaky.headers.get('server')).toBeNull();
    expect(leaky.headers.get('x-powered-by')).toBeNull();
    expect(leaky.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('https://gw.test/db/leaky')).headers.get('strict-transport-security')).toBe(HSTS_VALUE);
  });

  it('sends HSTS only over https: directly, or through a trusted proxy', async () => {
    expect((await app.request('http://gw.test/json')).headers.get('strict-transport-security')).toBeNull();
    expect((await app.request('https://gw.test/json')).headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    // Nobody is trusted: a client cannot ask for HSTS by writing the header itself.
    expect((await app.request('http://gw.test/json', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
    const proxied = appWith({ trustedProxies: 1 });
    expect((await proxied.request('http://gw.test/json', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    expect((await proxied.request('http://gw.test/json', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    // The proxy appended what it saw (http) to what the client claimed (https): the proxy's word counts.
    expect((await proxied.request('http://gw.test/json', { headers: { 'x-forwarded-proto': 'https, http' } })).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('inline scripts allowed by hash', () => {
  it('hashes exactly the text of each inline script of the page, and nothing that loads a file', () => {
    const html = '<head><script>var a = 1;</script><script src="/x.js"></script><script type="module" src="/m.js"></script></head><body><script>\n  b()\n</script><script> </script><script type="application/ld+json">{"a":1}</script></body>';
    const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('var a = 1;'), sha('\n  b()\n')]);
    expect(inlineScriptHashes('<div id="root"></div>')).toEqual([]);
  });

  it('puts those hashes, and only those, beside self in script-src', async () => {
    const hashes = inlineScriptHashes('<script>early()</script>');
    const app = new Hono();
    app.use('*', securityHeaders({ trustedProxies: 0, scriptHashes: hashes }));
    app.get('/', (c) => c.text('ok'));
    const csp = directives((await app.request('/')).headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes]);
    expect(csp.get('script-src')!.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('follows the index.html it is given: a build replaced under a running gateway is allowed its own scripts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
    const file = path.join(dir, 'index.html');
    try {
      fs.writeFileSync(file, '<script>start(1)</script>');
      const app = new Hono();
      app.use('*', securityHeaders({ trustedProxies: 0, scriptHashes: inlineScriptHashesOf(file, { checkEveryMs: 0 }) }));
      app.get('/', (c) => c.text('ok'));
      const scriptSrc = async () => directives((await app.request('/')).headers.get('content-security-policy')).get('script-src');
      expect(await scriptSrc()).toEqual(["'self'", ...inlineScriptHashes('<script>start(1)</script>')]);
      // A new build: written elsewhere and renamed into place, as a deploy does, then rewritten in place.
      fs.writeFileSync(`${file}.new`, '<script>start(2)</script><script>early()</script>');
      fs.renameSync(`${file}.new`, file);
      expect(await scriptSrc()).toEqual(["'self'", ...inlineScriptHashes('<script>start(2)</script><script>early()</script>')]);
      fs.writeFileSync(file, '<script>start(333)</script>');
      expect(await scriptSrc()).toEqual(["'self'", ...inlineScriptHashes('<script>start(333)</script>')]);
      // No build at all: only our own files.
      fs.rmSync(file);
      expect(await scriptSrc()).toEqual(["'self'"]);
      // Looked at once a second by default: a change shows within that second, not at once.
      fs.writeFileSync(file, '<script>start(4)</script>');
      const hashes = inlineScriptHashesOf(file);
      expect(hashes()).toEqual(inlineScriptHashes('<script>start(4)</script>'));
      fs.writeFileSync(file, '<script>start(55)</script>');
      expect(hashes()).toEqual(inlineScriptHashes('<script>start(4)</script>'));
      await new Promise((r) => setTimeout(r, 1100));
      expect(hashes()).toEqual(inlineScriptHashes('<script>start(55)</script>'));
      // A page asked for looks at once: it is served from the file as it is now.
      fs.writeFileSync(file, '<script>start(666)</script>');
      expect(hashes()).toEqual(inlineScriptHashes('<script>start(55)</script>'));
      expect(hashes(true)).toEqual(inlineScriptHashes('<script>start(666)</script>'));
      const paged = new Hono();
      paged.use('*', securityHeaders({ trustedProxies: 0, scriptHashes: inlineScriptHashesOf(file) }));
      paged.get('/', (c) => c.html('<p>page</p>'));
      const pageScripts = async () => directives((await paged.request('/', { headers: { accept: 'text/html,application/xhtml+xml' } })).headers.get('content-security-policy')).get('script-src');
      expect(await pageScripts()).toEqual(["'self'", ...inlineScriptHashes('<script>start(666)</script>')]);
      fs.writeFileSync(file, '<script>start(7777)</script>');
      expect(await pageScripts()).toEqual(["'self'", ...inlineScriptHashes('<script>start(7777)</script>')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
