// The query island in Debian's Chromium: the built site is served from 127.0.0.1, /query/?q=… is opened,
// and every file whose response ended before the first answer showed is the island's first-query payload
// (the note cards the island prefetches afterwards are not). Query and pack latency are timed inside the
// page with performance.now() around the island's own methods (`<kb-query>`'s run() and buildPack(): the
// core's runQuery/buildQueryView or buildContextPack plus rendering), after the card prefetch has settled
// and one warm-up call, so the index and pack data are already loaded.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { IslandMeasure } from './benchTypes.ts';
import { gzipSize } from './emittedSize.ts';
import type { QuerySet } from './querySet.ts';
import { serveStatic } from './staticServer.ts';
import { summarise } from './stats.ts';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../chromium.ts';

export async function measureIsland(dist: string, base: string, set: QuerySet, runs: number): Promise<IslandMeasure> {
  const none: IslandMeasure = { payload: null, query: null, pack: null, method: 'none' };
  if (!existsSync(CHROMIUM)) return { ...none, error: `${CHROMIUM} not found` };
  if (!existsSync(join(dist, 'query', 'index.html'))) return { ...none, error: 'the site has no /query/ page' };
  const server = await serveStatic(dist, base);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage();
    await page.addInitScript(recordFirstAnswer);
    const first = set.queries[0]!;
    await page.goto(`${server.origin}${base}query/?q=${encodeURIComponent(first)}`);
    await page.waitForFunction(() => (window as unknown as FirstAnswer).__kbFirstAnswer !== undefined, undefined, { timeout: 120_000 });
    const payload = payloadOf(dist, base, await fetchedBeforeFirstAnswer(page));
    const firstAnswerMs = await page.evaluate(() => (window as unknown as FirstAnswer).__kbFirstAnswer!);
    const hasApi = await page.evaluate(() => {
      const el = document.querySelector('kb-query') as unknown as Record<string, unknown> | null;
      return !!el && typeof el['run'] === 'function' && typeof el['buildPack'] === 'function';
    });
    if (!hasApi) return { ...none, payload, error: '<kb-query> has no run()/buildPack() methods to time' };

    // The island fetches the remaining note cards at idle time after its first answer; a reader's next query
    // comes after that (reading, typing, the 150 ms debounce), so queries are timed once it has settled.
    const prefetchMs = await page.evaluate(async () => {
      const el = document.querySelector('kb-query') as unknown as { whenCardsLoaded?: () => Promise<void> };
      if (!el.whenCardsLoaded) return undefined;
      await el.whenCardsLoaded();
      return performance.now() - (window as unknown as FirstAnswer).__kbFirstAnswer!;
    });
    const querySamples: number[] = [];
    for (let r = 0; r < runs; r++) for (const q of set.queries) querySamples.push(await timeQuery(page, q));
    await timePack(page, set.packs[0]!); // warm-up: fetches pack data and the tokenizer chunk
    const packSamples: number[] = [];
    for (let r = 0; r < runs; r++) for (const p of set.packs) packSamples.push(await timePack(page, p));
    return {
      payload,
      query: summarise(querySamples),
      pack: summarise(packSamples),
      method:
        `<kb-query>.run() and .buildPack() timed with performance.now() in the page; first answer ${Math.round(firstAnswerMs)} ms after navigation (page, index and card shards fetched)` +
        (prefetchMs === undefined ? '' : `, after the idle-time card prefetch (done ${Math.round(prefetchMs)} ms after the first answer)`),
    };
  } catch (err) {
    return { ...none, error: (err as Error).message.split('\n')[0] };
  } finally {
    await browser.close();
    await server.close();
  }
}

interface FirstAnswer {
  __kbFirstAnswer?: number;
}

/** In the page before any script: note the moment the island's status first shows (its first answer). */
function recordFirstAnswer(): void {
  performance.setResourceTimingBufferSize(10_000);
  const observer = new MutationObserver(() => {
    if ((document.querySelector('kb-query [data-status]')?.textContent ?? '').trim() === '') return;
    (window as unknown as FirstAnswer).__kbFirstAnswer = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The document and every resource whose response had ended by the first answer (not what the island fetches after). */
function fetchedBeforeFirstAnswer(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const at = (window as unknown as FirstAnswer).__kbFirstAnswer!;
    const done = performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).responseEnd <= at);
    return [location.pathname, ...done.map((e) => new URL(e.name).pathname)];
  });
}

function timeQuery(page: Page, q: string): Promise<number> {
  return page.evaluate(async (query) => {
    const el = document.querySelector('kb-query') as unknown as HTMLElement & { run(): Promise<void> };
    el.querySelector<HTMLInputElement>('input[name="q"]')!.value = query;
    const t0 = performance.now();
    await el.run();
    return performance.now() - t0;
  }, q);
}

function timePack(page: Page, p: { task: string; project?: string | undefined }): Promise<number> {
  return page.evaluate(
    async ({ task, project }) => {
      const el = document.querySelector('kb-query') as unknown as HTMLElement & { buildPack(): Promise<void> };
      const area = el.querySelector<HTMLTextAreaElement>('[name="task"]')!;
      area.value = task;
      area.dataset['touched'] = '1';
      const select = el.querySelector<HTMLSelectElement>('[name="project"]');
      if (select) select.value = project ?? '';
      const t0 = performance.now();
      await el.buildPack();
      const ms = performance.now() - t0;
      const status = el.querySelector('[data-pack-tokens]')?.textContent ?? '';
      if (/could not be built/.test(status)) throw new Error(status);
      return ms;
    },
    { task: p.task, project: p.project },
  );
}

/** Sizes of the files behind the fetched URLs (the HTML document counted apart). */
function payloadOf(dist: string, base: string, paths: readonly string[]): NonNullable<IslandMeasure['payload']> {
  const files: Array<{ path: string; bytes: number; gzip: number }> = [];
  const html = { bytes: 0, gzip: 0 };
  for (const url of new Set(paths)) {
    const rel = decodeURIComponent(url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ''));
    const file = [join(dist, rel), join(dist, rel, 'index.html')].find((f) => existsSync(f) && statSync(f).isFile());
    if (!file) continue;
    const buf = readFileSync(file);
    if (file.endsWith('.html')) {
      html.bytes += buf.length;
      html.gzip += gzipSize(buf);
    } else files.push({ path: rel, bytes: buf.length, gzip: gzipSize(buf) });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0), html };
}
