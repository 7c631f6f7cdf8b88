// Memory and CPU of the processes under load, read from /proc (Linux), and the children this process started.
import fs from 'node:fs';

/** Resident set size in bytes (VmRSS), or null when the process is gone or /proc is unavailable. */
export function rssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) the process has used, in ms. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; the rest follows its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Process ids whose parent is `parent` (the gateway, workers and store this run forked). */
export function childPids(parent: number = process.pid): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const match = /^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (match && Number(match[1]) === parent) pids.push(Number(entry));
    } catch {
      // It ended while we looked.
    }
  }
  return pids;
}

export interface ProcessFigures {
  name: string;
  pid: number | undefined;
  rssStart: number | null;
  rssPeak: number | null;
  rssEnd: number | null;
  /** Mean CPU over the sampled time, in % of one core. */
  cpuPercent: number | null;
  samples: number;
}

/** Samples a process's RSS every `everyMs`, and its CPU time at the first and last sample. */
export class ProcessSampler {
  private rss: number[] = [];
  private cpu0: { at: number; ms: number } | null = null;
  private cpu1: { at: number; ms: number } | null = null;
  private lastPid: number | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Set when the process id changed between samples: the process died and was restarted. */
  restarted = false;

  constructor(
    readonly name: string,
    private readonly pid: () => number | undefined,
  ) {}

  start(everyMs = 1000): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  sample(): void {
    const pid = this.pid();
    if (pid === undefined) return;
    if (this.lastPid !== undefined && pid !== this.lastPid) this.restarted = true;
    this.lastPid = pid;
    const rss = rssBytes(pid);
    const cpu = cpuMs(pid);
    if (rss !== null) this.rss.push(rss);
    if (cpu !== null && !this.restarted) {
      const point = { at: performance.now(), ms: cpu };
      this.cpu0 ??= point;
      this.cpu1 = point;
    }
  }

  stop(): ProcessFigures {
    clearInterval(this.timer);
    this.sample();
    const span = this.cpu0 && this.cpu1 ? this.cpu1.at - this.cpu0.at : 0;
    return {
      name: this.name,
      pid: this.lastPid,
      rssStart: this.rss[0] ?? null,
      rssPeak: this.rss.length ? Math.max(...this.rss) : null,
      rssEnd: this.rss[this.rss.length - 1] ?? null,
      cpuPercent: span > 0 ? ((this.cpu1!.ms - this.cpu0!.ms) / span) * 100 : null,
      samples: this.rss.length,
    };
  }
}
