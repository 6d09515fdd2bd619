// Build stage 2b: the pack data (the ranker's index over every body, kb-pack-data.json) and every configured
// pack, computed the way `kb pack` and `kb context` compute them. The pack data is cached by its inputs and the
// ranker's code; when it must be built for a big folder, a worker thread builds it while Astro bundles. Then the
// knowledge health page's data, which needs the packs' citations.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildContextPack } from '../../core/context/buildContextPack.js';
import { buildPackData, type PackData } from '../../core/context/buildPackData.js';
import { configuredPacks } from '../../core/context/configuredPacks.js';
import { createTokenCounter } from '../../core/tokens/tokenCounter.js';
import type { RepoDigest } from '../../core/discover/repoDigest.js';
import { knowledgeHealth, type KnowledgeHealth } from '../../core/health/knowledgeHealth.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import type { KbIssue } from '../../core/util/issue.js';
import type { NoteWarn } from '../../core/util/perNote.js';
import { PORTAL_FILES } from '../../core/site/portalData.js';
import type { SitePack } from '../../core/site/sitePack.js';
import { packDataKey, previousTokenCounts, readPackData, savePackData } from '../../node/context/cachedPackData.js';
import { digestMemo, digestsFor, type DigestOf } from '../../node/context/digestsFor.js';
import { markdownRenderJob, renderSetup } from '../../node/site/noteRenderJobs.js';
import { readNoteHtml, writeNoteHtml } from '../../node/site/noteHtmlCache.js';
import type { RenderJob } from '../../node/site/renderNotes.js';
import type { RenderedNote } from '../../markdown/createNoteRenderer.js';
import { writeFileAtomic } from '../../node/writeFileAtomic.js';
import type { PreparedSite } from './prepareSite.js';

/** The inputs of buildPackData, as a worker receives them (a Map does not cross threads as cheaply). */
export interface PackDataJob {
  index: KbIndex;
  bodies: [string, string][];
  /** Where the pack data filed before is, whose token counts it takes (previousTokenCounts). */
  previous: { dir: string; key: string; rankerHash: string };
}

/** What the worker answers: the pack data, and the notes it could not read (each kept by its title and description). */
export interface PackDataReply {
  data: PackData;
  issues: KbIssue[];
}

/**
 * Between these sizes the pack data is built in a worker thread. Below, it is quick enough in this thread;
 * above, the worker's copy of every body (structured clone) would cost more memory than the time it saves
 * (100,000 notes: ~700 MB of bodies, twice).
 */
const WORKER_NOTES = { from: 1000, to: 30_000 };

/**
 * Whether this folder's pack data is made in this thread, for minutes (past WORKER_NOTES: 100,000 notes, 3 min),
 * during which this thread feeds no render worker. So such a build renders the notes' Markdown first and the pages
 * after the pack data, instead of beside it (startPacksBeside).
 */
export const packDataBlocksThisThread = (site: PreparedSite): boolean => site.result.index.notes.length > WORKER_NOTES.to;

/**
 * A pack data thread started while the folder is read, once the number of files to read is known, when a folder of
 * that size has its pack data built in a thread: it loads its modules (~0.7 s) beside the reading instead of after it.
 * Until sitePackData gives it its job (or stops it, when the pack data is cached) it keeps no process alive.
 */
export function earlyPackDataThread(files: number, workerUrl: URL): Worker | undefined {
  if (files < WORKER_NOTES.from || files > WORKER_NOTES.to) return undefined;
  const worker = new Worker(workerUrl);
  // A thread that failed or stopped before its job is replaced by a new one then (sitePackData), which reports.
  worker.on('error', () => undefined);
  worker.once('exit', () => ended.add(worker));
  worker.unref();
  return worker;
}

/** Early pack data threads that ended before their job. */
const ended = new WeakSet<Worker>();

/** How a live preview has its pack data built (`kb dev`). */
export interface LivePackData {
  /** Aborted when the folder changes again: the thread building this generation's pack data is stopped. */
  signal?: AbortSignal | undefined;
  /** Built in a thread below WORKER_NOTES too: the preview's own thread answers requests meanwhile. */
  smallInWorker?: boolean | undefined;
}

/**
 * The site's pack data: from the cache when the index, bodies and ranker are unchanged, else built. `early`: a thread
 * started for it (earlyPackDataThread), given the job when the pack data is built in a thread, else stopped.
 */
export function sitePackData(
  site: PreparedSite,
  rankerHash: string,
  workerUrl: URL | undefined,
  warn: NoteWarn = () => undefined,
  early?: Worker | undefined,
  { signal, smallInWorker = false }: LivePackData = {},
): Promise<PackData> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const { index, bodies } = site.result;
  const key = packDataKey(index, bodies, rankerHash);
  const dir = join(site.config.cacheDir, 'kb-pack-data');
  const cached = readPackData(dir, key);
  const inThread = !workerUrl || (!smallInWorker && index.notes.length < WORKER_NOTES.from) || index.notes.length > WORKER_NOTES.to;
  if (early && (cached || inThread)) void early.terminate();
  if (cached) return Promise.resolve(cached);
  // The blocks' token counts of the pack data filed before (the folder before an edit), read by the thread that builds.
  const previous = { dir, key, rankerHash };
  const built = !inThread
    ? inWorker(early && !ended.has(early) ? early : new Worker(workerUrl), { index, bodies: [...bodies], previous }, signal).then(
        ({ data, issues }) => (issues.forEach(warn), data),
      )
    : Promise.resolve().then(() => buildPackData(index, bodies, { warn, tokenCounts: previousTokenCounts(dir, key, rankerHash) }));
  // Read back from the file just written: the pack pages and the island's files then hold only the parts they use
  // while pages render (10,000 notes: the whole pack data is ~55 MB of JSON, several times that as objects).
  return built.then((data) => {
    signal?.throwIfAborted();
    savePackData(dir, key, data, rankerHash);
    return readPackData(dir, key) ?? data;
  });
}

/** Discovery digests of every registered repo (kb-digests.json), read under discovery's security rules. */
export function siteDigests(site: PreparedSite): RepoDigest[] {
  const { index } = site.result;
  return index.repos.flatMap((r) => digestsFor(site.config.kbDir, index, { task: '', repo: r.alias }, undefined, siteDigestOf(site)).digests);
}

/** Each codebase digested once per preparation of the folder, for all its configured packs and kb-digests.json. */
const digestMemos = new WeakMap<PreparedSite, DigestOf>();
function siteDigestOf(site: PreparedSite): DigestOf {
  let memo = digestMemos.get(site);
  if (!memo) digestMemos.set(site, (memo = digestMemo()));
  return memo;
}

/**
 * Every configured pack (the pack pages read packs.json; the build writes their `.md` and `.json`), with its
 * Markdown rendered as notes are (always sanitised) through the notes' HTML cache: a pack whose Markdown did not
 * change is not rendered again (at 1,000 notes the pack pages' rendering and highlighting took ~1.7 s a build), and
 * the Markdown pipeline is loaded only when one must be (~0.4 s of module loading). One pack at a time, giving way
 * to other work between them (`between`; by default the next turn of the event loop: the render pools this thread
 * feeds; a dev server waits until it has no page to answer).
 */
export async function writeSitePacks(
  site: PreparedSite,
  data: PackData,
  between: () => Promise<void> = nextTurn,
  signal?: AbortSignal | undefined,
): Promise<SitePack[]> {
  // A pack's Markdown is always sanitised, whatever the folder trusts.
  const context = { ...site.jobContext, trustHtml: false };
  const next = sitePacks(site, data, context);
  let render: ((job: RenderJob) => RenderedNote) | undefined;
  const packs: SitePack[] = [];
  for (;;) {
    await between(); // before each pack, the first too: a dev server answers the page asked for first
    signal?.throwIfAborted(); // the folder changed again (kb dev): these packs would be stale
    const built = next();
    if (!built) break;
    const { job, html, ...pack } = built;
    if (html !== undefined) packs.push({ ...pack, html });
    else {
      render ??= (await import('../../node/site/noteRenderer.js')).rendererFor(renderSetup(context, site.config.htmlDir));
      const rendered = render(job);
      writeNoteHtml(site.config.htmlDir, job.key, rendered);
      packs.push({ ...pack, html: rendered.html });
    }
  }
  return savePacks(site, packs);
}

/** The event loop's next turn: what is waiting (a request, a render pool's message) runs first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The configured packs one at a time: each call builds the next (its HTML when the cache holds it), undefined when all are built. */
function sitePacks(
  site: PreparedSite,
  data: PackData,
  context: PreparedSite['jobContext'],
): () => (Omit<SitePack, 'html'> & { job: RenderJob; html: string | undefined }) | undefined {
  const { index } = site.model;
  // One token counter for every pack: they quote many of the same notes.
  const count = createTokenCounter();
  const todo = configuredPacks(index);
  let i = 0;
  return () => {
    const next = todo[i++];
    if (!next) return undefined;
    const { slug, title, request } = next;
    const req = { ...request, today: site.config.today };
    const found = digestsFor(site.config.kbDir, index, req, undefined, siteDigestOf(site));
    const pack = buildContextPack(data, req, found.digests, { count });
    const job = markdownRenderJob(context, `packs/${slug}.md`, pack.contextPackMarkdown);
    site.htmlKeys.add(job.key); // kept when the build prunes the cache
    return { slug, title, pack, job, html: readNoteHtml(site.config.htmlDir, job.key)?.html, digestWarnings: found.warnings };
  };
}

function savePacks(site: PreparedSite, packs: SitePack[]): SitePack[] {
  writeFileAtomic(join(site.config.dataDir, PORTAL_FILES.packs), JSON.stringify(packs));
  return packs;
}

/** The knowledge health page's data (health.json), from the folder's links and the configured packs just built. */
export function writeSiteHealth(site: PreparedSite, packs: readonly SitePack[]): KnowledgeHealth {
  const health = knowledgeHealth({
    index: site.model.index,
    today: site.config.today,
    packs,
    brokenLinks: site.brokenLinks,
    linksOut: site.linksOut,
  });
  writeFileAtomic(join(site.config.dataDir, PORTAL_FILES.health), JSON.stringify(health));
  return health;
}

/** The job given to the thread, its answer; the thread stopped when `signal` aborts (the answer is then its reason). */
function inWorker(worker: Worker, job: PackDataJob, signal?: AbortSignal | undefined): Promise<PackDataReply> {
  return new Promise((resolve, reject) => {
    if (signal) {
      const stop = () => {
        reject(signal.reason as Error);
        void worker.terminate();
      };
      if (signal.aborted) return stop();
      signal.addEventListener('abort', stop, { once: true });
      worker.once('exit', () => signal.removeEventListener('abort', stop));
    }
    worker.ref();
    worker.postMessage(job);
    worker.once('message', (reply: PackDataReply) => {
      resolve(reply);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pack data worker stopped (exit code ${code})`)));
  });
}
