// `kb dev`'s page thread (src/site/dev/devPages.ts): pages answered in the order asked, each from the data the thread
// was last given; a page still rendering at the deadline answered with a 500 page that says so, and the thread started
// again with the same data; a thread that fails to load answered likewise. The thread is a fake of the protocol
// (fakeDevPagesWorker.mjs): a page that hangs never finishes, and only such a page arms a deadline, so which page
// times out never depends on the machine's speed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevPages, type DevPage } from '../../src/site/dev/devPages.ts';

const root = mkdtempSync(join(tmpdir(), 'kb-dev-pages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const workerUrl = pathToFileURL(join(import.meta.dirname, 'fakeDevPagesWorker.mjs'));
const text = (page: DevPage) => page.body.toString('utf8');
const thread = (page: DevPage) => /thread (\d+)/.exec(text(page))?.[1];

describe('kb dev: the page thread', () => {
  it('answers pages in order, from the data last given, status and headers as the thread gave them', async () => {
    const pages = startDevPages({ deadlineMs: 10_000, workerUrl });
    try {
      pages.setData('/wiki/', { dataDir: '/data', generation: 1 });
      const [a, b] = await Promise.all([pages.render('http://x/wiki/a/'), pages.render('http://x/wiki/b/')]);
      expect(text(a)).toMatch(/base \/wiki\/ generation 1 http:\/\/x\/wiki\/a\/$/);
      expect(text(b)).toMatch(/generation 1 http:\/\/x\/wiki\/b\/$/);
      expect([a.status, a.headers]).toEqual([200, [['content-type', 'text/html']]]);
      pages.setData('/wiki/', { dataDir: '/data', generation: 2 });
      expect(text(await pages.render('http://x/wiki/a/'))).toMatch(/generation 2 /);
    } finally {
      await pages.close();
    }
  });

  it(
    'hands the thread the data it warmed ahead (its head, then the rest), and a thread that did not warm it reads it as written',
    { timeout: 60_000 },
    async () => {
      const pages = startDevPages({ deadlineMs: 50, workerUrl });
      try {
        pages.setData('/', { dataDir: '/data', generation: 1 });
        expect(text(await pages.render('http://x/a/'))).toMatch(/generation 1 http:\/\/x\/a\/$/);
        pages.warmAhead(1, '{"settings":{}}');
        pages.setData('/', { dataDir: '/data', generation: 2 }, { token: 1, rest: '{"notes":{}}' });
        expect(text(await pages.render('http://x/a/'))).toMatch(/generation 2 ahead 1 15\+12 http:\/\/x\/a\/$/);
        // Data another token warmed (a preparation that failed after its head) is not the data given.
        pages.warmAhead(2, '{"settings":{}}');
        pages.setData('/', { dataDir: '/data', generation: 3 }, { token: 3, rest: '{"notes":{}}' });
        expect(text(await pages.render('http://x/a/'))).toMatch(/generation 3 ahead 3 unwarmed /);
        // A thread started again after a page hung is given the data alone: it reads it as written.
        pages.warmAhead(4, '{"settings":{}}');
        pages.setData('/', { dataDir: '/data', generation: 4 }, { token: 4, rest: '{"notes":{}}' });
        expect((await pages.render('http://x/hang/')).status).toBe(500);
        expect(text(await pages.render('http://x/b/'))).toMatch(/generation 4 http:\/\/x\/b\/$/);
      } finally {
        await pages.close();
      }
    },
  );

  it('stops a page still rendering at the deadline, says so, and renders the next in a new thread with the same data', { timeout: 60_000 }, async () => {
    const pages = startDevPages({ deadlineMs: 50, workerUrl });
    try {
      pages.setData('/', { dataDir: '/data', generation: 7 });
      const before = await pages.render('http://x/before/');
      const [hung, after] = await Promise.all([pages.render('http://x/hang/'), pages.render('http://x/after/')]);
      expect(hung.status).toBe(500);
      expect(text(hung)).toMatch(/still rendering after 0\.05 s and was stopped/);
      // It names the data it was asked with (kb dev's reload signal compares it: an error page must not reload forever).
      expect(hung.data).toEqual({ dataDir: '/data', generation: 7 });
      expect(text(after)).toMatch(/generation 7 http:\/\/x\/after\/$/);
      expect(thread(after)).not.toBe(thread(before));
    } finally {
      await pages.close();
    }
  });

  it('answers a 500 page when the thread cannot load, and the next page gets a thread that can', { timeout: 60_000 }, async () => {
    const marker = join(root, 'fail-once');
    writeFileSync(marker, '');
    const pages = startDevPages({ deadlineMs: 10_000, workerUrl, appDir: marker });
    try {
      pages.setData('/', { dataDir: '/data', generation: 3 });
      const failed = await pages.render('http://x/a/');
      expect(failed.status).toBe(500);
      expect(failed.data?.generation).toBe(3);
      expect(text(failed)).toMatch(/the page thread failed: the compiled site could not be loaded/);
      expect(text(await pages.render('http://x/b/'))).toMatch(/generation 3 http:\/\/x\/b\/$/);
    } finally {
      await pages.close();
    }
  });

  it('fails the pages still waiting when closed', async () => {
    const pages = startDevPages({ deadlineMs: 0, workerUrl });
    pages.setData('/', { dataDir: '/data', generation: 1 });
    const waiting = [pages.render('http://x/hang/'), pages.render('http://x/b/')].map((page) => page.then(text, (err: Error) => err.message));
    await pages.close();
    expect(await Promise.all(waiting)).toEqual(['kb dev: the server is closing', 'kb dev: the server is closing']);
  });
});
