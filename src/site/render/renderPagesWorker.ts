// A worker thread of the render stage (renderPages.ts): loads the compiled site once as it starts, takes the prepared
// data from its first message, then renders the batches of pages it is sent and writes each into the output folder,
// reporting each page's start and end on its progress port.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { threadStatPath } from '../../node/threadCpuClock.js';
import { appOf, importApp, type LoadedApp } from '../app/loadApp.js';
import { pageOutputFile, pageUrl, type PagesBatch, type PagesProgress, type PagesSetup, type PagesWorkerData } from './renderPages.js';

const input = workerData as PagesWorkerData;
// Loaded as the thread starts, every route's module included, while the build prepares the folder; the site's base,
// output folder and data come with the first message.
const entry = await importApp(input.appDir, { preload: true });
let site: PagesSetup & { app: LoadedApp };
const made = new Set<string>();
// eslint-disable-next-line no-control-regex -- terminal colours' escape sequences
const ANSI = /\u001b\[[0-9;]*m/g;
const report = (p: PagesProgress) => input.progress.postMessage(p);

/** The prepared data, and before the first batch is taken (and its first page's deadline armed), what every page of this thread shares. */
function setUp(setup: PagesSetup): void {
  site = { ...setup, app: appOf(entry, setup.base, { streaming: false }) };
  site.app.setData(setup.data);
  site.app.warm();
  const thread = threadStatPath();
  if (thread) report({ thread });
}

/** Renders one page with Astro's error log caught: its first error line when the page did not come out. */
async function render(path: string): Promise<{ bytes: Uint8Array } | { error: string }> {
  const logged: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
  try {
    const response = await site.app.render(pageUrl(site.base, path));
    const expected = path === '404' ? 404 : 200;
    if (response.status === expected) return { bytes: new Uint8Array(await response.arrayBuffer()) };
    // Astro logs the error (coloured when the terminal is): its first line that names it, else its first line.
    const lines = logged
      .flatMap((l) => l.replace(ANSI, '').split('\n'))
      .map((l) => l.trim())
      .filter((l) => l !== '' && !/\[router\]/.test(l));
    const cause = lines.find((l) => /^\w*Error\b|^\w+: /.test(l)) ?? lines[0];
    return { error: cause ? `status ${response.status}: ${cause.slice(0, 300)}` : `status ${response.status}` };
  } catch (err) {
    return { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  } finally {
    console.error = consoleError;
  }
}

parentPort!.on('message', (message: PagesSetup | PagesBatch) => {
  if ('data' in message) return setUp(message);
  const batch = message;
  void (async () => {
    // Kept pages are reported together, before the next page that renders and at the batch's end: a kept page has
    // no start (which arms the deadline, a read of this thread's CPU clock), and a warm rebuild keeps most pages.
    let kept: [number, string][] = [];
    const reportKept = () => {
      if (kept.length) report({ keptPages: kept });
      kept = [];
    };
    for (const [i, page] of batch.pages.entries()) {
      const fingerprint = site.salt === undefined || !page.params ? undefined : site.app.fingerprint(site.salt, page.file, page.params);
      if (fingerprint !== undefined && fingerprint === batch.previous[i]) {
        kept.push([i, fingerprint]);
        continue;
      }
      reportKept();
      report({ start: i });
      const out = await render(page.path);
      if ('error' in out) {
        report({ end: i, error: out.error });
        continue;
      }
      const file = join(site.outDir, pageOutputFile(page.path));
      const dir = dirname(file);
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      writeFileSync(file, out.bytes);
      report({ end: i, fingerprint });
    }
    reportKept();
    report({ batch: 'done' });
  })();
});
