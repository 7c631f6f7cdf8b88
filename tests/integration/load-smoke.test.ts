// The load run's engine (npm run load), small: 10 devices for 6 seconds against the whole stack. Every kind of
// request the devices, the search traffic and the writers make is answered as expected, every change reaches
// every device, and the report carries the figures.
import { describe, expect, it } from 'vitest';
import { runLoad } from '../../scripts/load/engine.ts';
import { formatReport } from '../../scripts/load/report.ts';

const EVERY_DEVICE = ['sanctuaries', 'reviews'].flatMap((db) => [
  `GET /db/${db}/_snapshot`,
  `GET /db/${db}/`,
  `GET /db/${db}/_changes`,
  `POST /db/${db}/_bulk_get`,
]);
const SIGNED_IN = ['GET /db/me/', 'GET /db/me/_local', 'PUT /db/me/_local', 'GET /db/me/_changes', 'POST /db/me/_bulk_get', 'POST /db/me/_revs_diff', 'POST /db/me/_bulk_docs'];
const OTHERS = ['GET /db/ (id probe)', 'GET /api/auth/user', 'GET /api/sanctuaries/search', 'POST /api/sanctuaries/{id}/reviews'];

// Each phase is printed with the time since the start: a slow run in CI then says where its time went.
const started = performance.now();
const progress = (line: string) => {
  if (!line.startsWith('[stack]')) console.log(`[load-smoke ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);
};

describe('npm run load, small', () => {
  it('10 replicating devices, searches and writes for 6 s: no errors, every kind of request, every change delivered', async () => {
    const report = await runLoad({ clients: 10, seconds: 6, searchPerSecond: 10, favoriteEveryMs: 700, reviewEveryMs: 700, approvalEveryMs: 1200, log: progress });
    const text = formatReport(report);

    expect(report.errorMessages, text).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.devicesLive).toEqual({ sanctuaries: 10, reviews: 10, me: 5, signedIn: 5 });

    const count = (kind: string) => report.kinds.find((k) => k.kind === kind)?.count ?? 0;
    for (const kind of [...EVERY_DEVICE, ...SIGNED_IN, ...OTHERS]) expect(count(kind), `${kind}\n${text}`).toBeGreaterThan(0);
    // Every device held live feeds open; the public ones returned with the changes the writes made (a favourite
    // may reach the other device before its /db/me feed is live, so only its delivery is asserted, below).
    const feed = (db: string) => report.feeds.find((f) => f.kind === `longpoll /db/${db}/_changes`);
    for (const db of ['sanctuaries', 'reviews']) expect(feed(db)?.returned, `${db}\n${text}`).toBeGreaterThan(0);
    expect((feed('me')?.returned ?? 0) + (feed('me')?.openAtEnd ?? 0), text).toBeGreaterThan(0);

    expect(report.writes.reviews).toBeGreaterThan(0);
    expect(report.writes.favorites).toBeGreaterThan(0);
    const propagation = (prefix: string) => report.propagation.find((p) => p.what.startsWith(prefix))?.count ?? 0;
    // Each review reaches each of the 10 devices once (counted from the feed, or already in a later snapshot).
    expect(propagation('review posted')).toBeGreaterThan(0);
    expect(propagation('favourite pushed')).toBeGreaterThan(0);
    if (report.options.approvalEveryMs > 0) {
      // The gazetteer is built (npm run build): approved listings are written and delivered too.
      expect(report.writes.approvals).toBeGreaterThan(0);
      expect(count('POST /api/admin/submissions/{id}/approve')).toBe(report.writes.approvals);
      expect(propagation('listing approved')).toBeGreaterThan(0);
    } else {
      expect(report.notes.join(' ')).toContain('Approvals skipped');
    }

    expect(report.throughput).toBeGreaterThan(0);
    // The store's side is counted through the pass-through: the shared feeds and the writes reach it.
    expect(report.store.requests, text).toBeGreaterThan(0);
    expect(report.store.byKind.map((k) => k.kind), text).toEqual(expect.arrayContaining(['POST userdb-*/_bulk_docs']));
    expect(text).toContain('Store requests during the window');
    const gateway = report.processes.find((p) => p.name === 'gateway');
    expect(gateway?.rssPeak).toBeGreaterThan(0);
    expect(text).toContain('Errors: 0');
    // Setting up the stack and signing the accounts up takes longer on CouchDB, and on a busy machine (the CouchDB
    // leg runs this beside another suite starting its own node).
  }, 240_000);

  it('returning devices (--returning) start from an earlier visit: no first sync, and every change still reaches every device', async () => {
    const report = await runLoad({ clients: 6, seconds: 5, searchPerSecond: 0, signedInShare: 0, returning: true, favoriteEveryMs: 700, reviewEveryMs: 600, approvalEveryMs: 0, log: progress });
    const text = formatReport(report);

    expect(report.errorMessages, text).toEqual([]);
    expect(report.devicesLive).toEqual({ sanctuaries: 6, reviews: 6, me: 0, signedIn: 0 });
    const count = (kind: string) => report.kinds.find((k) => k.kind === kind)?.count ?? 0;
    // The snapshots were read once, in setup, not by the devices.
    for (const db of ['sanctuaries', 'reviews']) expect(count(`GET /db/${db}/_snapshot`), text).toBe(0);
    expect(count('GET /db/reviews/_changes'), text).toBeGreaterThan(0);
    expect(report.writes.reviews).toBeGreaterThan(0);
    // Each review reached each device through its feed: deliveries (those made while devices came online and after)
    // are reviews × devices.
    const deliveries = report.propagation.filter((p) => p.what.startsWith('review posted')).reduce((sum, p) => sum + p.count, 0);
    expect(deliveries, text).toBe(report.writes.reviews * 6);
    expect(text).toContain('returning devices');
  }, 240_000);
});
