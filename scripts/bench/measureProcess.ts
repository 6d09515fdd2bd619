// Run a command and measure it: wall time, and peak memory of the whole process tree. Peak RSS is
// the sum over the root process and all its descendants, polled from /proc (Linux); a build that
// forks Astro and Pagefind is one tree. On systems without /proc the RSS fields are null.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Measured {
  command: string;
  status: number | null;
  wallMs: number;
  /** Highest sum of VmRSS over the process tree seen while polling, in bytes. */
  peakTreeRss: number | null;
  /** Highest VmRSS of any one process of the tree, in bytes. */
  peakProcessRss: number | null;
  /** GNU `/usr/bin/time -v` "Maximum resident set size" (largest single process, exact), in bytes. */
  timeMaxRss: number | null;
  /** GNU `/usr/bin/time -v` user + system CPU time of the process and the children it waited for, in ms. */
  cpuMs: number | null;
  stdout: string;
  stderr: string;
  /** Tree RSS about once a second: [ms since start, bytes]. */
  rssTimeline: Array<[number, number]>;
  /** Every output line (both streams) with the milliseconds since start at which it arrived. */
  lines: Array<{ ms: number; text: string }>;
}

export interface MeasureOptions {
  env?: NodeJS.ProcessEnv | undefined;
  cwd?: string | undefined;
  /** Poll interval; short spikes between polls are missed. Default 100 ms. */
  pollMs?: number | undefined;
  /** Echo the child's stderr (progress lines) to ours. */
  echo?: boolean | undefined;
}

const HAS_PROC = existsSync('/proc/self/status');
const GNU_TIME = '/usr/bin/time';

export function measureProcess(cmd: string, args: readonly string[], options: MeasureOptions = {}): Promise<Measured> {
  return new Promise((resolvePromise, reject) => {
    const timeDir = existsSync(GNU_TIME) ? mkdtempSync(join(tmpdir(), 'kb-bench-')) : undefined;
    const timeFile = timeDir && join(timeDir, 'time.txt');
    const [run, runArgs] = timeFile ? [GNU_TIME, ['-v', '-o', timeFile, cmd, ...args]] : [cmd, [...args]];
    const started = performance.now();
    const child = spawn(run, runArgs, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const lines: Measured['lines'] = [];
    const partial = { out: '', err: '' };
    const collect = (which: 'out' | 'err', b: Buffer) => {
      const ms = Math.round(performance.now() - started);
      const text = partial[which] + b.toString('utf8');
      const parts = text.split('\n');
      partial[which] = parts.pop()!;
      for (const line of parts) lines.push({ ms, text: line });
    };
    child.stdout.on('data', (b: Buffer) => {
      out.push(b);
      collect('out', b);
    });
    child.stderr.on('data', (b: Buffer) => {
      err.push(b);
      collect('err', b);
      if (options.echo) process.stderr.write(b);
    });
    let peakTree = 0;
    let peakOne = 0;
    const rssTimeline: Measured['rssTimeline'] = [];
    const poll = () => {
      if (!HAS_PROC || child.pid === undefined) return;
      const rss = treeRss(child.pid);
      peakTree = Math.max(peakTree, rss.total);
      peakOne = Math.max(peakOne, rss.max);
      const ms = Math.round(performance.now() - started);
      if (!rssTimeline.length || ms - rssTimeline[rssTimeline.length - 1]![0] >= 1000) rssTimeline.push([ms, rss.total]);
    };
    const timer = setInterval(poll, options.pollMs ?? 100);
    child.on('error', (e) => {
      clearInterval(timer);
      reject(e);
    });
    child.on('close', (status) => {
      clearInterval(timer);
      const timeMaxRss = timeFile ? readTimeMaxRss(timeFile) : null;
      const cpuMs = timeFile ? readTimeCpuMs(timeFile) : null;
      if (timeDir) rmSync(timeDir, { recursive: true, force: true });
      resolvePromise({
        command: [cmd, ...args].join(' '),
        status,
        wallMs: Math.round(performance.now() - started),
        peakTreeRss: HAS_PROC ? peakTree : null,
        peakProcessRss: HAS_PROC ? peakOne : null,
        timeMaxRss,
        cpuMs,
        rssTimeline,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        lines,
      });
    });
  });
}

/** Sum and max of VmRSS over `root` and its descendants, in bytes. */
export function treeRss(root: number): { total: number; max: number } {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const ppid = readPpid(Number(name));
    if (ppid === undefined) continue;
    const list = children.get(ppid);
    if (list) list.push(Number(name));
    else children.set(ppid, [Number(name)]);
  }
  let total = 0;
  let max = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    const rss = readRss(pid);
    total += rss;
    max = Math.max(max, rss);
    stack.push(...(children.get(pid) ?? []));
  }
  return { total, max };
}

function readPpid(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // the process ended between readdir and read
  }
}

function readRss(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function readTimeMaxRss(file: string): number | null {
  try {
    const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(file, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time is steadier than wall time on a shared machine: what the work cost, whatever else ran beside it. */
function readTimeCpuMs(file: string): number | null {
  try {
    const text = readFileSync(file, 'utf8');
    const user = /User time \(seconds\): ([\d.]+)/.exec(text);
    const system = /System time \(seconds\): ([\d.]+)/.exec(text);
    return user && system ? Math.round((Number(user[1]) + Number(system[1])) * 1000) : null;
  } catch {
    return null;
  }
}

/** `build: <step> done in <n>s` lines of scripts/build.mjs, in order. */
export function parseBuildSteps(stderr: string): Array<{ step: string; seconds: number }> {
  const steps: Array<{ step: string; seconds: number }> = [];
  // "build: " · step label (lazy, any characters) · " done in " · decimal seconds · "s" at end of line
  for (const m of stderr.matchAll(/^build: (.+?) done in (\d+(?:\.\d+)?)s\s*$/gm)) steps.push({ step: m[1]!, seconds: Number(m[2]) });
  return steps;
}
