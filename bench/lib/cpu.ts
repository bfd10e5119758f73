/**
 * Where the CPU went during a phase, in % of one core: this Node process (the load generator,
 * and the server when it runs here), a child server process when given, the PostgreSQL
 * processes, and the whole machine. Linux /proc only; on
 * other systems only the Node figure is given. PostgreSQL backends are sampled every 250 ms so
 * those that exit during the phase (pgbench's) still count, minus their last moments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { cpuSecondsOf } from './child-server';

export type CpuFigures = {
  nodePct: number;
  /** The child server's, when the meter was given its pid. */
  serverPct: number | null;
  postgresPct: number | null;
  machinePct: number | null;
  cores: number;
};

const TICKS_PER_SECOND = 100; // USER_HZ on every Linux we run on

function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * utime + stime ticks of every process whose command is `postgres`, by pid; with `database`, only
 * the backends connected to it (their title names it: other databases' work on a shared server
 * is not counted).
 */
function postgresTicks(database?: string): Map<number, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      if (database !== undefined && !backendOf(pid, database)) continue;
      const rest = stat.slice(close + 2).split(' ');
      // Fields 14 and 15 (utime, stime) are at 11 and 12 after the command.
      ticks.set(Number(pid), Number(rest[11]) + Number(rest[12]));
    } catch {
      // The process exited between the listing and the read.
    }
  }
  return ticks;
}

/**
 * Whether the postgres process `pid` is a backend of `database`: its title is "postgres: [cluster:]
 * user database address state" (WAL writer and checkpointer work for every database: not counted).
 */
function backendOf(pid: string, database: string): boolean {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return title.split(/\s+/).includes(database);
  } catch {
    return false;
  }
}

export class CpuMeter {
  private readonly startedAt = performance.now();
  private readonly node = process.cpuUsage();
  private readonly machine = machineTicks();
  private readonly pgStart: Map<number, number> | null;
  private readonly pgLatest = new Map<number, number>();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly serverStart: number | null;

  /** `database`: count only PostgreSQL's backends of that database (postgresTicks). */
  constructor(
    private readonly serverPid?: number,
    private readonly database?: string,
  ) {
    this.pgStart = postgresTicks(database);
    this.serverStart = serverPid === undefined ? null : cpuSecondsOf(serverPid);
    if (this.pgStart) {
      this.timer = setInterval(() => this.samplePostgres(), 250);
      this.timer.unref();
    }
  }

  private samplePostgres(): void {
    for (const [pid, ticks] of postgresTicks(this.database) ?? []) this.pgLatest.set(pid, ticks);
  }

  stop(): CpuFigures {
    if (this.timer) clearInterval(this.timer);
    const seconds = (performance.now() - this.startedAt) / 1000;
    const used = process.cpuUsage(this.node);
    const nodePct = ((used.user + used.system) / 1e6 / seconds) * 100;
    let postgresPct: number | null = null;
    if (this.pgStart) {
      this.samplePostgres();
      let ticks = 0;
      for (const [pid, latest] of this.pgLatest) ticks += latest - (this.pgStart.get(pid) ?? 0);
      postgresPct = (ticks / TICKS_PER_SECOND / seconds) * 100;
    }
    const serverEnd = this.serverPid === undefined ? null : cpuSecondsOf(this.serverPid);
    const serverPct =
      this.serverStart !== null && serverEnd !== null
        ? ((serverEnd - this.serverStart) / seconds) * 100
        : null;
    const end = machineTicks();
    const machinePct =
      this.machine && end && end.total > this.machine.total
        ? ((end.busy - this.machine.busy) / (end.total - this.machine.total)) *
          100 *
          os.cpus().length
        : null;
    const round1 = (value: number) => Math.round(value * 10) / 10;
    return {
      nodePct: round1(nodePct),
      serverPct: serverPct === null ? null : round1(serverPct),
      postgresPct: postgresPct === null ? null : round1(postgresPct),
      machinePct: machinePct === null ? null : round1(machinePct),
      cores: os.cpus().length,
    };
  }
}
