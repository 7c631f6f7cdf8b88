/// <reference types="pouchdb-core" />
// A signed-in (or anonymous) device of a running stack, as the web app is one: plain HTTP calls with its session
// cookie and Origin, and remote PouchDB databases on the gateway's replication endpoints. Shared by the fault
// suites (faults.test.ts, tests/cluster/).
import PouchDBModule from 'pouchdb';
import { expect } from 'vitest';

const PouchDB = PouchDBModule as unknown as PouchDB.Static;

/** A signed-in browser: its session cookie and our Origin on every call, as the web app sends them. */
export class DeviceClient {
  cookie = '';
  id = '';
  constructor(private readonly baseUrl: () => string) {}
  request(method: string, pathname: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl()}${pathname}`, {
      method,
      headers: { origin: this.baseUrl(), cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
  async register(name: string) {
    const password = 'fault-tolerant-1';
    const res = await this.request('POST', '/api/auth/register', { email: `${name}.${Date.now()}@example.com`, password, confirmPassword: password, firstName: name, lastName: 'Faults' });
    expect(res.status).toBe(201);
    this.cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    this.id = ((await res.json()) as { id: string }).id;
    return this;
  }
  /**
   * A remote PouchDB on one of the gateway's replication endpoints, carrying this client's cookie. `beforeRequest`
   * sees each request just before it is sent, with how many database-info requests are still out.
   */
  remote<T extends object>(name: 'sanctuaries' | 'reviews' | 'me', beforeRequest?: (url: string, infoInFlight: number) => void): PouchDB.Database<T> {
    const base = `${this.baseUrl()}/db/${name}`;
    let infoInFlight = 0;
    return new PouchDB<T>(base, {
      fetch: (url: string | Request, opts?: RequestInit) => {
        const headers = new Headers(opts?.headers);
        headers.set('origin', this.baseUrl());
        if (this.cookie) headers.set('cookie', this.cookie);
        beforeRequest?.(String(url), infoInFlight);
        const isInfo = String(url) === `${base}/`;
        if (isInfo) infoInFlight++;
        const res = PouchDB.fetch(url, { ...opts, headers });
        if (isInfo) void res.then(() => infoInFlight--, () => infoInFlight--);
        return res;
      },
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
  }
}

/**
 * Sends `op` until the gateway acknowledges it (`ok` status), through the failures a fault brings: no answer at all
 * (connection refused or reset) or a status `transient` accepts. A 409 on a retry means an earlier attempt that was
 * never acknowledged was stored after all: acknowledged too. Any other status is a bug. Resolves to the retries made.
 */
export async function untilAcked(op: () => Promise<Response>, ok: (status: number) => boolean, transient: (status: number) => boolean, pauseMs = 100): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    try {
      const res = await op();
      status = res.status;
      await res.arrayBuffer();
    } catch {
      // The gateway died or moved under us: retry.
    }
    if (ok(status) || (attempt > 0 && status === 409)) return attempt;
    if (status !== 0 && !transient(status)) throw new Error(`unexpected ${status} during a fault`);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}
