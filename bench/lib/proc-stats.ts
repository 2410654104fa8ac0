import { readdirSync, readFileSync } from 'node:fs';

/** Linux clock ticks per second (USER_HZ), which /proc/<pid>/stat counts CPU time in. */
const TICK_MS = 10;

interface ProcTimes {
  /** utime + stime of the process itself. */
  own: number;
  /** cutime + cstime: children it has waited for (PostgreSQL's exited backends, for the postmaster). */
  children: number;
  ppid: number;
}

function readStat(pid: number): ProcTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(f[1]),
      own: (Number(f[11]) + Number(f[12])) * TICK_MS,
      children: (Number(f[13]) + Number(f[14])) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by one process (null once it is gone). */
export function cpuMs(pid: number): number | null {
  return readStat(pid)?.own ?? null;
}

/** Resident set size in MB (VmRSS), or null once the process is gone. */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds of a PostgreSQL server: its postmaster, every live child (backends, WAL
 * writer, checkpointer...) and the children it has already reaped (counted in its cutime).
 */
export function postgresCpuMs(postmasterPid: number): number | null {
  const main = readStat(postmasterPid);
  if (!main) return null;
  let total = main.own + main.children;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === postmasterPid) continue;
    const s = readStat(pid);
    if (s?.ppid === postmasterPid) total += s.own;
  }
  return total;
}
