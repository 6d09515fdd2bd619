// The site's pack data (src/site/prepare/preparePacks.ts) for a folder big enough to build it in a thread: a thread
// started while the folder is read (earlyPackDataThread) is given the job and gives the pack data the build's thread
// would; when the pack data is cached the thread is stopped; a thread that ended before its job is replaced.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.ts';
import type { PreparedSite } from '../../src/site/prepare/prepareSite.ts';
import { earlyPackDataThread, sitePackData } from '../../src/site/prepare/preparePacks.ts';
import { packDataFiled, packDataKey } from '../../src/node/context/cachedPackData.ts';
import { prepareFixture } from './preparedSite.js';

const root = mkdtempSync(join(tmpdir(), 'kb-site-pack-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Worker threads run compiled modules (lib/, built by `npm install` and before the tests).
const workerUrl = pathToFileURL(join(import.meta.dirname, '../../lib/node/site/packDataWorker.js'));
const TOPICS = ['billing', 'deploys', 'alerts', 'search', 'tokens'];
let site: PreparedSite;
let expected: string;

beforeAll(async () => {
  const kb = join(root, 'kb');
  for (let i = 0; i < 1000; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    mkdirSync(join(kb, topic), { recursive: true });
    writeFileSync(
      join(kb, topic, `note-${i}.md`),
      `---\ntitle: Note ${i} on ${topic}\ntags: [${topic}]\n---\n\n## Context\n\nWhy ${topic} note ${i} matters: the ${topic} runbook, step ${i % 7}.\n\n## Decision\n\nWe keep ${topic} ${i % 3 ? 'small' : 'large'}.\n`,
    );
  }
  site = await prepareFixture(kb, { work: join(root, 'work') });
  expected = JSON.stringify(buildPackData(site.result.index, site.result.bodies));
}, 120_000);

const ended = (thread: { once: (e: 'exit', f: () => void) => unknown }) => once(thread as never, 'exit');

describe('the site pack data in a thread started early', () => {
  it('starts one only for a folder whose pack data a thread builds', () => {
    expect(earlyPackDataThread(999, workerUrl)).toBeUndefined();
    expect(earlyPackDataThread(30_001, workerUrl)).toBeUndefined();
  });

  it('gives the early thread the job: the pack data the build thread would make', { timeout: 120_000 }, async () => {
    expect(site.result.index.notes.length).toBe(1000);
    const early = earlyPackDataThread(site.result.index.notes.length, workerUrl)!;
    expect(early).toBeDefined();
    const stopped = ended(early);
    expect(JSON.stringify(await sitePackData(site, 'ranker-a', workerUrl, undefined, early))).toBe(expected);
    await stopped; // its work done, the thread ends
  });

  it('stops the early thread when the pack data is cached', { timeout: 120_000 }, async () => {
    const early = earlyPackDataThread(1000, workerUrl)!;
    const stopped = ended(early);
    expect(JSON.stringify(await sitePackData(site, 'ranker-a', workerUrl, undefined, early))).toBe(expected);
    await stopped;
  });

  it('replaces an early thread that ended before its job', { timeout: 120_000 }, async () => {
    const early = earlyPackDataThread(1000, workerUrl)!;
    const stopped = ended(early);
    await early.terminate();
    await stopped;
    expect(JSON.stringify(await sitePackData(site, 'ranker-b', workerUrl, undefined, early))).toBe(expected);
  });
});

describe("a live preview's pack data (kb dev)", () => {
  it('stops the thread building it when the folder changes again: no answer, nothing filed', async () => {
    const early = earlyPackDataThread(1000, workerUrl)!;
    const answers: unknown[] = [];
    early.on('message', (m) => answers.push(m));
    const stop = new AbortController();
    const data = sitePackData(site, 'ranker-live', workerUrl, undefined, early, { signal: stop.signal });
    setImmediate(() => stop.abort(new Error('the folder changed again')));
    await expect(data).rejects.toThrow('the folder changed again');
    await ended(early);
    expect(answers).toEqual([]);
    expect(packDataFiled(join(site.config.cacheDir, 'kb-pack-data'), packDataKey(site.result.index, site.result.bodies, 'ranker-live'))).toBe(false);
  });

  it('is not begun for data already replaced', async () => {
    const stop = new AbortController();
    stop.abort(new Error('replaced'));
    await expect(sitePackData(site, 'ranker-live', workerUrl, undefined, undefined, { signal: stop.signal })).rejects.toThrow('replaced');
  });

  it('is built in a thread below the size a build gives one (the preview answers requests meanwhile)', async () => {
    const small = await prepareFixture(join(root, 'kb', 'alerts'), { work: join(root, 'work-small') });
    expect(small.result.index.notes.length).toBeLessThan(1000);
    const missing = pathToFileURL(join(root, 'no-such-worker.js'));
    // In this thread without the option (the thread's module is never asked for); with it, the thread's module is.
    expect(JSON.stringify(await sitePackData(small, 'ranker-small', missing))).toBe(JSON.stringify(buildPackData(small.result.index, small.result.bodies)));
    await expect(async () => sitePackData(small, 'ranker-small-2', missing, undefined, undefined, { smallInWorker: true })).rejects.toThrow();
  });
});
