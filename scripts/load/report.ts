// The printed report of a load run.
import type { Distribution } from './metrics.ts';
import type { LoadReport } from './engine.ts';
import type { ProcessFigures } from './proc.ts';

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const mb = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const cells = [headers, ...rows];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)));
  const line = (r: readonly string[]) => '  ' + r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ');
  return [line(headers), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

const latencyCells = (d: Distribution) => [ms(d.p50), ms(d.p90), ms(d.p99), ms(d.max)];

function processRow(p: ProcessFigures): string[] {
  return [p.name, String(p.pid ?? '–'), mb(p.rssStart), mb(p.rssPeak), mb(p.rssEnd), p.cpuPercent === null ? '–' : `${p.cpuPercent.toFixed(0)}%`];
}

export function formatReport(r: LoadReport): string {
  const o = r.options;
  const out: string[] = [];
  out.push('', `== Load run (loopback, ${r.storeKind === 'couchdb' ? 'CouchDB 3.4.3, one node' : 'embedded PouchDB Server'}) ==`);
  out.push(
    `Duration ${(r.windowMs / 1000).toFixed(1)} s (setup ${(r.setupMs / 1000).toFixed(1)} s before it; then ${(r.drainMs / 1000).toFixed(1)} s for the last changes to arrive); ${o.clients} devices replicating live ` +
      `(${r.devicesLive.signedIn} signed in, two per account, also syncing /db/me two-way); ${o.searchPerSecond} searches/s; ` +
      `${o.sanctuaries ? `${o.sanctuaries} synthetic sanctuaries added to the seed` : 'the default seed only'}`,
  );
  out.push(`Devices live at the end: /db/sanctuaries ${r.devicesLive.sanctuaries}/${o.clients}, /db/reviews ${r.devicesLive.reviews}/${o.clients}, /db/me ${r.devicesLive.me}/${r.devicesLive.signedIn}`);
  out.push(`Requests completed: ${r.requests} — throughput ${r.throughput.toFixed(1)} req/s during the window`);
  out.push(
    `Store requests during the window (gateway and workers): ${r.store.requests} — ${r.store.perSecond.toFixed(1)} req/s, ` +
      `${(r.store.perSecond / o.clients).toFixed(3)} per device per second`,
  );
  out.push(`  by kind: ${r.store.byKind.slice(0, 10).map((k) => `${k.kind} ${(k.count / (r.windowMs / 1000)).toFixed(1)}/s`).join(', ')}`);
  out.push(`Errors: ${r.errors}${r.errors ? ' (target 0)' : ' (target 0: met)'}`);
  for (const m of r.errorMessages) out.push(`  ! ${m}`);
  out.push('', 'Requests by kind (latency in ms, whole answer read):');
  out.push(...table(['kind', 'count', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors'], r.kinds.map((k) => [k.kind, String(k.count), (k.count / (r.windowMs / 1000)).toFixed(1), ...latencyCells(k), String(k.errors)])));
  out.push('', 'Live feeds (longpoll _changes: held open until a change arrives; closed by us at the end):');
  out.push(...table(['feed', 'returned', 'held p50', 'p90', 'p99', 'max', 'open at end'], r.feeds.map((f) => [f.kind, String(f.returned), ...latencyCells(f.held), String(f.openAtEnd)])));
  out.push('', `Writes during the run: ${r.writes.reviews} reviews, ${r.writes.approvals} approved listing applications, ${r.writes.favorites} favourite changes`);
  if (r.propagation.length) {
    out.push('Change propagation (write sent → document on the device, ms; one sample per device and change):');
    out.push(...table(['change', 'deliveries', 'p50', 'p90', 'p99', 'max'], r.propagation.map((p) => [p.what, String(p.count), ...latencyCells(p)])));
  }
  out.push('', 'Memory and CPU (sampled every second; CPU in % of one core, mean over the run):');
  out.push(...table(['process', 'pid', 'RSS start', 'peak', 'end', 'CPU'], r.processes.map(processRow)));
  const m = r.machine;
  out.push(`Machine: ${m.cores} cores; 1-minute load average ${m.loadStart.toFixed(1)} at the start, up to ${m.loadMax.toFixed(1)}, ${m.loadEnd.toFixed(1)} at the end (everything else running here shares the cores)`);
  const counters = Object.entries(r.counters);
  if (counters.length) out.push('', ...counters.map(([k, v]) => `${k}: ${v}`));
  for (const note of r.notes) out.push(`Note: ${note}`);
  return out.join('\n');
}
