// The render stage's page pool (src/site/render/renderPages.ts) with a page thread that fakes the protocol
// (fakePagesWorker.mjs): a page still rendering at the deadline has its thread stopped and is rendered again with its
// note as text by a new thread, the pages after it in its batch included; a page that fails likewise; a page that
// cannot be rendered even so is written as a plain page; the pages not gated are all done before the gated ones are
// handed out, and `ungatedDone` says so with what became of them; with no thread count asked for, pages likely kept
// start one thread and more start once pages render. Only a page that hangs arms a deadline, and it never finishes,
// so which page times out never depends on the machine's speed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderedPage } from '../../src/core/site/pageTypes.ts';
import { startPageWorkers, type RenderOutcome } from '../../src/site/render/renderPages.ts';

const root = join(tmpdir(), `kb-render-pages-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));
const workerUrl = pathToFileURL(join(import.meta.dirname, 'fakePagesWorker.mjs'));
const page = (path: string, kind = 'notes'): RenderedPage => ({ path, kind, file: `${kind}/[...slug].astro` });
let runs = 0;

async function render(
  pages: RenderedPage[],
  gated: RenderedPage[] = [],
  { workers, previous }: { workers?: number; previous?: Map<string, string> } = { workers: 2 },
) {
  const outDir = join(root, String(runs++));
  mkdirSync(outDir, { recursive: true });
  const lastResorts: string[] = [];
  const events: string[] = [];
  let open!: () => void;
  const ready = new Promise<void>((resolve) => (open = resolve));
  const pool = startPageWorkers({ workers, workerUrl });
  try {
    const outcome: RenderOutcome = await pool.render(pages, {
      base: '/',
      outDir,
      data: { dataDir: join(outDir, 'data'), generation: 1 },
      deadlineMs: 50,
      reuse: previous ? { salt: 'salt', previous } : undefined,
      gated: { pages: gated, ready },
      // The gate opens only once the pages before it are done: a pool that never says so never renders the gated pages.
      ungatedDone: (done) => {
        events.push(`ungated done: ${done.map((d) => d.page.path).join(' ')}`);
        open();
      },
      fallback: (p) => {
        if (p.kind !== 'notes') return false;
        events.push(`as text: ${p.path}`);
        const marker = join(outDir, `${p.path.replace(/\/$/, '')}.text`);
        mkdirSync(dirname(marker), { recursive: true });
        writeFileSync(marker, '');
        return true;
      },
      lastResort: (p, reason) => {
        lastResorts.push(`${p.path}: ${reason}`);
        mkdirSync(join(outDir, p.path), { recursive: true });
        writeFileSync(join(outDir, p.path === '404' ? '404.html' : `${p.path}index.html`), `${p.path}: plain page`);
      },
    });
    const written = (p: RenderedPage) => {
      const file = join(outDir, `${p.path}index.html`);
      return existsSync(file) ? readFileSync(file, 'utf8') : 'missing';
    };
    return { outcome, lastResorts, events, written: [...pages, ...gated].map(written), threads: readdirSync(join(outDir, 'threads')).length };
  } finally {
    pool.close();
  }
}

describe('the page pool', () => {
  it('renders a hanging note page again with its note as text, and the rest of its batch in a new thread', { timeout: 60_000 }, async () => {
    const pages = ['notes/a/', 'notes/b-hang/', 'notes/c/', 'notes/d/'].map((p) => page(p));
    const { outcome, lastResorts, written } = await render(pages, [], { workers: 1 });
    expect(written).toEqual(['notes/a/: rendered', 'notes/b-hang/: as text', 'notes/c/: rendered', 'notes/d/: rendered']);
    expect(outcome.fellBack.map((f) => [f.page.path, f.reason])).toEqual([['notes/b-hang/', 'still rendering after 0.05 s']]);
    expect(outcome.pages.map((p) => p.page.path)).toEqual(pages.map((p) => p.path));
    expect([outcome.failed, lastResorts]).toEqual([[], []]);
  });

  it('renders a failed note page as text, and writes a plain page for one that fails even so or is no note page', { timeout: 60_000 }, async () => {
    const pages = [page('notes/fail/'), page('notes/hang-always/'), page('tags/hang/', 'tags'), page('notes/ok/')];
    const { outcome, lastResorts, written } = await render(pages);
    expect(written).toEqual(['notes/fail/: as text', 'notes/hang-always/: plain page', 'tags/hang/: plain page', 'notes/ok/: rendered']);
    expect(outcome.fellBack.map((f) => [f.page.path, f.reason])).toEqual([
      ['notes/fail/', 'Error: the page failed'],
      ['notes/hang-always/', 'still rendering after 0.05 s'],
    ]);
    expect(lastResorts.sort()).toEqual(['notes/hang-always/: still rendering after 0.05 s', 'tags/hang/: still rendering after 0.05 s']);
  });

  it('hands out the gated pages once every other page is done, and says so first', { timeout: 60_000 }, async () => {
    const pages = ['notes/b/', 'notes/a/', 'notes/c-hang/'].map((p) => page(p));
    const gated = [page('', 'home'), page('packs/', 'packs')];
    const { outcome, events, written } = await render(pages, gated);
    expect(events).toEqual(['as text: notes/c-hang/', 'ungated done: notes/a/ notes/b/ notes/c-hang/']);
    expect(written).toEqual(['notes/b/: rendered', 'notes/a/: rendered', 'notes/c-hang/: as text', ': rendered', 'packs/: rendered']);
    expect(outcome.pages.map((p) => p.page.path)).toEqual(['', 'notes/a/', 'notes/b/', 'notes/c-hang/', 'packs/']);
  });

  // With no thread count asked for: the pages the previous build has fingerprints for are likely kept, so they start
  // one thread; more start once the pages rendered so far say the rest are worth them.
  const many = (what: string) => Array.from({ length: 600 }, (_, i) => page(`notes/${what}-${i}/`));
  const fingerprints = (pages: RenderedPage[]) => new Map(pages.map((p) => [p.path, 'unchanged']));
  it('keeps 600 unchanged pages with one thread', { timeout: 60_000 }, async () => {
    const pages = many('kept');
    const { outcome, threads } = await render(pages, [], { previous: fingerprints(pages) });
    expect(outcome.pages.filter((p) => p.kept)).toHaveLength(600);
    expect(threads).toBe(1);
  });
  it('starts another thread when 600 pages it expected kept render', { timeout: 60_000 }, async () => {
    const pages = many('edited');
    const { written, threads } = await render(pages, [], { previous: fingerprints(pages) });
    expect(written.every((w) => w.endsWith(': rendered'))).toBe(true);
    expect(threads).toBe(Math.min(2, availableParallelism()));
  });
});
