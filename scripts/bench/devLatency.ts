// `kb dev` on the bench folder, as a writer meets it: the server is started (`node bin/kb.js dev`), the first note page
// is asked for until it answers (the time from the start), then opened in Debian's Chromium; a line is saved into the
// note and the time until the open page shows it is taken, then a second line one second after the first showed (a
// writer saving again while the first save's pack data is built); the note is put back (and indexed again) and the
// server stopped with SIGINT, as Ctrl-C stops it. Each save also gives the time to the reloaded page's first paint
// (the browser's own clock, the same as the system's): what the writer sees, without the harness noticing it. The first start fills the caches and is not counted; then starts alternate
// between a folder unchanged since the last stop (the last run's data answers: keptSiteData.ts) and one whose note was
// touched while stopped (the folder is indexed first).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../chromium.ts';
import type { SizeRun, TargetRow } from './benchTypes.ts';
import { summarise, type Latency } from './stats.ts';

export interface DevMeasure {
  /** The first note page, from the start of `kb dev` to its answer, when the folder is unchanged since the last stop. */
  firstKept: Latency | null;
  /** The same when a note was touched while stopped (the folder indexed first). */
  firstIndexed: Latency | null;
  /** From a saved line to the open page showing it (Playwright sees the line in the page). */
  savedEdit: Latency | null;
  /** The same for a second line saved one second after the first showed. */
  savedAgain: Latency | null;
  /** From a saved line (both saves) to the first paint of the page reloaded with it. */
  savedPainted: Latency | null;
  error?: string | undefined;
}

export const DEV_TARGETS = { firstPageMs: 1500, savedEditMs: 500 } as const;

const WAIT_MS = 120_000;
/** How long after the first save showed the second is made. */
const AGAIN_AFTER_MS = 1000;

export async function measureDev(kbDir: string, notePath: string, today: string, runs: number): Promise<DevMeasure> {
  const none: DevMeasure = { firstKept: null, firstIndexed: null, savedEdit: null, savedAgain: null, savedPainted: null };
  if (!existsSync(CHROMIUM)) return { ...none, error: `${CHROMIUM} not found` };
  const abs = join(kbDir, notePath);
  const slug = notePath.replace(/\.mdx?$/, '');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const kept: number[] = [];
  const indexed: number[] = [];
  const saved: number[] = [];
  const again: number[] = [];
  const painted: number[] = [];
  try {
    for (let i = 0; i <= 2 * runs; i++) {
      // Odd runs start on a folder touched while stopped (a new change time: the last run's data is not taken).
      if (i % 2 === 1) {
        const { atime, mtime } = statSync(abs);
        utimesSync(abs, atime, mtime);
      }
      const one = await oneStart(browser, kbDir, slug, abs, today, i);
      if (i === 0) continue; // the caches filled
      (i % 2 === 1 ? indexed : kept).push(one.firstMs);
      saved.push(one.savedMs);
      again.push(one.againMs);
      painted.push(...one.paintedMs);
    }
  } catch (err) {
    return { ...none, error: err instanceof Error ? err.message : String(err) };
  } finally {
    await browser.close();
  }
  const summary = (s: number[]) => (s.length ? summarise(s) : null);
  return { firstKept: summary(kept), firstIndexed: summary(indexed), savedEdit: summary(saved), savedAgain: summary(again), savedPainted: summary(painted) };
}

async function oneStart(
  browser: Browser,
  kbDir: string,
  slug: string,
  abs: string,
  today: string,
  run: number,
): Promise<{ firstMs: number; savedMs: number; againMs: number; paintedMs: number[] }> {
  const port = 4900 + (run % 50);
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/kb.js', 'dev', '--kb', kbDir, '--port', String(port), '--host', '127.0.0.1', '--today', today], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += String(d)));
  child.stderr!.on('data', (d) => (log += String(d)));
  const original = readFileSync(abs);
  const { atime, mtime } = statSync(abs);
  let edited = false;
  try {
    const origin = await until(
      () => /http:\/\/[^\s/]+/.exec(log)?.[0],
      () => `kb dev did not start:\n${log}`,
    );
    const base = new URL(/http:\/\/\S+/.exec(log)![0]).pathname;
    const url = `${origin}${base}notes/${slug}/`;
    await until(
      async () => ((await fetch(url).catch(() => undefined))?.status === 200 ? true : undefined),
      () => `kb dev did not answer ${url}:\n${log}`,
    );
    const firstMs = performance.now() - started;
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForSelector('html[data-kb-dev="live"]', { timeout: WAIT_MS });
    // The folder's indexing after a start from the last run's data, and the packs, settle before the save.
    await until(
      () => (/notes indexed/.test(log) || !/unchanged since kb dev last stopped/.test(log) ? true : undefined),
      () => log,
    );
    await new Promise((r) => setTimeout(r, 3000));
    const indexedBefore = count(log, /indexed again in/g);
    edited = true;
    // A line saved (the note as it was, with `lines`): how long until the open page shows it, and until it was painted.
    const save = async (lines: string[]) => {
      const savedAt = performance.now();
      const savedEpoch = Date.now();
      writeFileSync(abs, `${original.toString('utf8')}\n${lines.join('\n')}\n`);
      await page.waitForFunction((m) => document.querySelector('article')?.textContent?.includes(m), lines.at(-1)!, { polling: 5, timeout: WAIT_MS });
      const shownMs = performance.now() - savedAt;
      const paint = await page.evaluate(() => {
        const fcp = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
        return fcp ? performance.timeOrigin + fcp.startTime : undefined;
      });
      return { shownMs, paintedMs: paint === undefined ? [] : [paint - savedEpoch] };
    };
    const marker = `Saved by the benchmark, run ${run}.`;
    const first = await save([marker]);
    await new Promise((r) => setTimeout(r, AGAIN_AFTER_MS));
    const second = await save([marker, `${marker} Saved again.`]);
    await page.close();
    // Put back, and wait for it to be indexed: stopping then records what the data was made from.
    writeFileSync(abs, original);
    utimesSync(abs, atime, mtime);
    edited = false;
    await until(
      () => (count(log, /indexed again in/g) >= indexedBefore + 3 ? true : undefined),
      () => `kb dev did not index the note again:\n${log}`,
    );
    return { firstMs, savedMs: first.shownMs, againMs: second.shownMs, paintedMs: [...first.paintedMs, ...second.paintedMs] };
  } finally {
    if (edited) {
      writeFileSync(abs, original);
      utimesSync(abs, atime, mtime);
    }
    await stop(child);
  }
}

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, why: () => string): Promise<T> {
  const end = performance.now() + WAIT_MS;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (performance.now() > end) throw new Error(why());
    await new Promise((r) => setTimeout(r, 5));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGINT');
  });
}

export function devTargets(run: SizeRun): TargetRow[] {
  const m = run.dev;
  if (!m) return [];
  const row = (target: string, l: Latency | null, limit: number): TargetRow => ({
    target,
    notes: run.notes,
    measured: l ? `${(l.medianMs / 1000).toFixed(2)} s (median of ${l.samples}, max ${(l.maxMs / 1000).toFixed(2)})` : (m.error ?? 'not measured'),
    status: l ? (l.medianMs <= limit ? 'PASS' : 'FAIL') : m.error ? 'FAIL' : 'n/a',
  });
  return [
    row(`kb dev first note page ≤ ${DEV_TARGETS.firstPageMs / 1000} s (folder unchanged since the last stop)`, m.firstKept, DEV_TARGETS.firstPageMs),
    row(`kb dev saved edit on the open page ≤ ${DEV_TARGETS.savedEditMs / 1000} s`, m.savedEdit, DEV_TARGETS.savedEditMs),
    row(
      `kb dev saved edit ≤ ${DEV_TARGETS.savedEditMs / 1000} s, saved again ${AGAIN_AFTER_MS / 1000} s after the last showed`,
      m.savedAgain,
      DEV_TARGETS.savedEditMs,
    ),
  ];
}
