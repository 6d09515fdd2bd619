// A worker thread's own CPU time, read from another thread while it is busy: the render deadlines count the CPU a
// note or page has used, not the wall clock, so a loaded machine (a CI runner, two builds at once, a 100,000-note
// build's other threads) slows a render down without ever stopping it. Linux gives every thread a stat file
// (/proc/<pid>/task/<tid>/stat); elsewhere there is none and the deadlines fall back to the wall clock.
import { closeSync, openSync, readlinkSync, readSync } from 'node:fs';

/** The calling thread's stat file, for the thread that watches it; undefined where the system has none. */
export function threadStatPath(): string | undefined {
  try {
    return `/proc/${readlinkSync('/proc/thread-self')}/stat`;
  } catch {
    return undefined;
  }
}

/** The kernel's clock ticks per second in /proc (USER_HZ): 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

/** Reads a thread's used CPU (user + system, ms) from its stat file. */
export interface ThreadCpuClock {
  /** The thread's CPU time so far, or undefined once it cannot be read (the thread ended). */
  read(): number | undefined;
  close(): void;
}

/** A clock on the thread whose stat file is `statPath` (threadStatPath, sent by that thread); undefined if it cannot be opened. */
export function threadCpuClock(statPath: string): ThreadCpuClock | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(statPath, 'r');
  } catch {
    return undefined;
  }
  const buffer = Buffer.alloc(1024);
  return {
    read() {
      if (fd === undefined) return undefined;
      try {
        // The file is generated afresh on every read from its start: one system call per reading.
        const n = readSync(fd, buffer, 0, buffer.length, 0);
        return cpuMsOfStat(buffer.toString('latin1', 0, n));
      } catch {
        return undefined;
      }
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/**
 * The CPU milliseconds in a stat line: utime and stime, the 14th and 15th fields, counted after the command name's
 * closing parenthesis (the name may hold spaces and parentheses itself).
 */
export function cpuMsOfStat(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime) || fields.length < 13) return undefined;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/**
 * Calls `overdue` once the work has run `ms` milliseconds: of the thread's CPU time when `clock` reads it (the
 * timer, on the wall clock, comes back when it fires and waits for what is left), else of wall time. A thread that
 * waits without using CPU (a page awaiting what never comes) is still overdue after WALL_CAP × `ms` of wall time.
 * Returns the cancel function.
 */
export function armDeadline(ms: number, clock: ThreadCpuClock | undefined, overdue: () => void): () => void {
  const from = clock?.read();
  let waited = 0; // wall time, as the sum of the timers' waits (so a test's fake timers drive it too)
  let timer: NodeJS.Timeout;
  const wait = (delay: number) => {
    waited += delay;
    timer = setTimeout(check, delay);
  };
  const check = () => {
    const now = from === undefined ? undefined : clock!.read();
    const used = now === undefined ? ms : now - from!;
    if (used >= ms || waited >= WALL_CAP * ms) overdue();
    else wait(Math.min(Math.max(ms - used, MIN_RECHECK_MS), WALL_CAP * ms - waited));
  };
  wait(ms);
  return () => clearTimeout(timer);
}

/** A worker's deadline, as a pool keeps it: the thread's clock once the worker has said where it is, and the deadline of its current work. */
export interface WorkerDeadline {
  /** The worker's stat file, as it reported it (threadStatPath). */
  clockAt(statPath: string): void;
  /** Arms the deadline for the work starting now (none when the deadline is 0), in place of the one before. */
  arm(overdue: () => void): void;
  /** The work ended in time. */
  cancel(): void;
  /** The worker is stopped: cancels, and lets go of its clock. */
  close(): void;
}

/** The deadline of one worker of a pool whose work may take `ms` each (0: no deadline). */
export function workerDeadline(ms: number): WorkerDeadline {
  let clock: ThreadCpuClock | undefined;
  let cancelArmed: (() => void) | undefined;
  const cancel = () => {
    cancelArmed?.();
    cancelArmed = undefined;
  };
  return {
    clockAt(statPath) {
      clock?.close();
      clock = threadCpuClock(statPath);
    },
    arm(overdue) {
      cancel();
      if (ms > 0) cancelArmed = armDeadline(ms, clock, overdue);
    },
    cancel,
    close() {
      cancel();
      clock?.close();
      clock = undefined;
    },
  };
}

/** The shortest wait between two readings of a thread that has not used its time yet (the clock counts 10 ms ticks). */
const MIN_RECHECK_MS = 50;
/** How many deadlines of wall time a thread that does not use its CPU time may take. */
export const WALL_CAP = 6;
