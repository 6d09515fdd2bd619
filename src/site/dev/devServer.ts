// `kb dev`: the portal of a knowledge folder served live from the site compiled with the package (src/site/app/), by
// a small Node server: pages rendered on request by Astro's App in a thread of their own (devPages.ts, under the
// render deadline), the machine outputs and assets from memory (siteFileServer.ts), the browser assets from the
// compiled site. The folder is watched: a saved, added or deleted note (or aliases.md, kb.config.yaml) is indexed
// again through the caches, and every open page reloads itself.
// Astro's own dev server stays for work on the portal's components (`npm run dev` in a checkout: astro dev).
import { watch, type FSWatcher } from 'node:fs';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, normalize, relative, sep } from 'node:path';
import type { KbPortalOptions } from '../options/kbPortalOptions.js';
import { createLiveMemo, type PreparedSite, type SiteDataParts } from '../prepare/prepareSite.js';
import { createPortalState, need, prepare, startPacks, type PortalState } from '../prepare/portalState.js';
import { APP_CLIENT_DIR } from '../app/compileApp.js';
import { resolveBuildConfig } from '../buildPortal.js';
import type { BuildLog } from '../emit/emitSite.js';
import { startDevPages, type DataAhead, type DevPages } from './devPages.js';
import { latestPacks } from './latestPacks.js';
import { listenOn } from './listenOn.js';
import { quietGate } from './quietGate.js';
import { reloadGate } from './reloadGate.js';
import { SETTLE_MS } from './settleMs.js';
import { codeSignatures, keptKey, recordSiteData, sameSiteData, takeKeptSiteData } from './keptSiteData.js';
import { mediaType, siteFileServer } from './siteFileServer.js';

export interface DevServerInput {
  options: KbPortalOptions;
  cwd: string;
  /** The port to try first; the next free one is taken when it is busy. */
  port: number;
  /** The address to listen on (default localhost only). */
  host?: string | undefined;
  log: BuildLog;
  /** The page thread, when the caller started it before loading this module (devCommand.ts); else started here. */
  pages?: DevPages | undefined;
}

export interface DevServer {
  /** The portal's home page. */
  url: string;
  /** Settles once the folder has been indexed at start (at once when the server indexed before listening). */
  indexed: Promise<void>;
  close: () => Promise<void>;
}

/** A warning or an error of the indexing's summary (formatIssue: `file:line: warning: …`). */
const ISSUE_LINE = /^kb: .+?: (warning|error): /;
/** The most warnings said after one indexing; a line says how many more there are. */
const WARNINGS_AT_ONCE = 10;
/**
 * Started with the data of the last run (keptSiteData.ts), the server indexes the folder again once it has answered a
 * page, or after this long without one: the indexing holds this thread, which passes every request on.
 */
const KEPT_FIRST_PAGE_MS = 2000;
/** Where open pages listen for "the folder changed". */
const EVENTS = '/__kb/reload';
/**
 * Added to every page: reload when the server says the folder changed (`data-kb-dev="live"` once it listens). The page
 * says which data it shows: one the server has replaced since it was rendered reloads as soon as it listens.
 */
const reloadScript = (shown: number) =>
  `<script type="module">const s=new EventSource(${JSON.stringify(`${EVENTS}?shown=${shown}`)});s.addEventListener('open',()=>{document.documentElement.dataset.kbDev='live'});s.addEventListener('reload',()=>location.reload())</script>`;

export async function startDevServer(input: DevServerInput): Promise<DevServer> {
  const state = createPortalState(input.options);
  state.projectRoot = input.cwd;
  // A save reads the saved file again, not the folder, and makes again only the render jobs it may change (LiveMemo).
  state.liveMemo = createLiveMemo();
  const cfg = resolveBuildConfig(input.options, input.cwd, join(input.cwd, '.kb-build', 'dev'), new Date().toISOString().slice(0, 10));
  state.config = cfg;
  // The configured packs are built between requests: a page asked for is answered first (it is what the writer waits for).
  const answering = quietGate();
  // After a save, the pack data waits for the open pages to reload (reloadGate).
  const reloading = reloadGate();
  // The last indexing: when it began, and whether it wrote the data (what stopping records for the next start).
  const last = { started: 0, ok: false, busy: false };
  // The pack work of the data last indexed, in the background: stopped as soon as the folder changes again (stale).
  let packWork = new AbortController();
  const stopPackWork = () => packWork.abort(new Error('kb dev: the folder changed again'));
  // The data being prepared, warmed ahead by the page thread from its `site.json` head (DevPages.warmAhead): its token,
  // and the rest of it once made (what showLatest gives the thread).
  let aheadToken = 0;
  let ahead: DataAhead | undefined;
  const parts: SiteDataParts = {
    head: (json) => pages.warmAhead(++aheadToken, json),
    rest: (json) => void (ahead = { token: aheadToken, rest: json }),
  };
  // The index cache of the last indexing, written once the pages it reloads are answered (or when the server stops).
  let unsavedCache: (() => void) | undefined;
  const keepCache = (save: () => void) => void (unsavedCache = save);
  const saveCache = () => {
    const save = unsavedCache;
    unsavedCache = undefined;
    save?.();
  };
  // The folder's warnings (a broken frontmatter, a credential redacted, a query naming no tag), as `kb build` says
  // them, each said once: those the last indexing said are not said again, so a save that brings one says it.
  let said = new Set<string>();
  const sayWarnings = (prepared: PreparedSite) => {
    const lines = prepared.summary.filter((line) => ISSUE_LINE.test(line));
    const fresh = lines.filter((line) => !said.has(line));
    said = new Set(lines);
    for (const line of fresh.slice(0, WARNINGS_AT_ONCE)) input.log.warn(line);
    if (fresh.length > WARNINGS_AT_ONCE) input.log.warn(`kb: and ${fresh.length - WARNINGS_AT_ONCE} more warnings; \`kb check --kb ${cfg.kbDir}\` lists them`);
  };
  let refreshes = 0;
  const refresh = async (after?: () => Promise<void>) => {
    Object.assign(last, { started: Date.now(), ok: false, busy: true });
    stopPackWork();
    packWork = new AbortController();
    ahead = undefined;
    const me = ++refreshes;
    try {
      const { answered, prepared } = await refreshFolder(state, input.log, answering.quiet, after, packWork.signal, parts, keepCache);
      // Once the open pages have their new page: what no page waits for (the summary's link check among it).
      void answered.then(() => {
        if (me !== refreshes) return; // a later indexing's own
        saveCache();
        sayWarnings(prepared);
      });
      last.ok = true;
    } finally {
      last.busy = false;
    }
  };
  // Every route's module is loaded while the folder is indexed: the first page a writer opens does not wait for it.
  // The pages render in a thread of their own, which loads every route's module while this one indexes the folder.
  const pages = input.pages ?? startDevPages({ deadlineMs: input.options.renderDeadlineMs });
  // The data the pages show: `generation` (the folder's indexing it came from; 0 for the last run's), and the earlier
  // generations whose data is the same (an open page rendered from one of them does not reload).
  const shown = { generation: 0, same: new Set<number>() };
  const showLatest = () => {
    pages.setData(cfg.base, { dataDir: cfg.dataDir, generation: state.generation }, ahead);
    ahead = undefined;
    shown.same.clear();
    shown.generation = state.generation;
  };
  const listeners = new Set<ServerResponse>();
  const reloadOpenPages = () => {
    for (const res of listeners) res.write('event: reload\ndata: \n\n');
  };

  const key = keptKey(cfg, input.options);
  const code = codeSignatures();
  const kept = takeKeptSiteData(cfg, key, code);
  let indexed: Promise<void>;
  let indexNow = () => undefined as void;
  if (kept === undefined) {
    await refresh();
    showLatest();
    indexed = Promise.resolve();
  } else {
    // Nothing the last run's data was made from has changed: its pages are answered while the folder is indexed again.
    pages.setData(cfg.base, { dataDir: kept, generation: 0 });
    input.log.info('kb: the folder is unchanged since kb dev last stopped: its pages are shown while it is indexed again');
    let go!: () => void;
    const asked = new Promise<void>((resolve) => (go = resolve));
    indexNow = go;
    indexed = asked.then(async () => {
      const started = Date.now();
      await refresh();
      const same = sameSiteData(kept, cfg.dataDir);
      showLatest();
      if (same) shown.same.add(0);
      else reloadOpenPages();
      input.log.info(
        `kb: ${need(state.site).model.index.notes.length} notes indexed in ${Date.now() - started} ms${same ? '' : ': the pages changed since the last run, open pages reload'}`,
      );
    });
    indexed.catch((err: unknown) => input.log.warn(`kb: ${err instanceof Error ? err.message : String(err)}`));
  }

  let pending: NodeJS.Timeout | undefined;
  let settling = false;
  let running: Promise<void> = indexed.catch(() => undefined);
  // The changes seen and not yet indexed: settles once the refresh they wait for has ended (a later change has its own).
  let catchingUp: { promise: Promise<void>; done: () => void } | undefined;
  const upToDate = () => catchingUp?.promise ?? Promise.resolve();
  const packsReady = () =>
    latestPacks(
      () => state.ready,
      upToDate,
      () => catchingUp !== undefined,
    );
  const changed = (file: string | null) => {
    if (file !== null && !watched(file)) return;
    stopPackWork();
    if (!catchingUp) {
      let done!: () => void;
      catchingUp = { promise: new Promise<void>((resolve) => (done = resolve)), done };
    }
    clearTimeout(pending);
    settling = true;
    pending = setTimeout(() => {
      settling = false;
      indexNow();
      const waiting = catchingUp;
      catchingUp = undefined;
      running = running
        .then(async () => {
          const started = Date.now();
          await refresh(() => reloading.arm(listeners.size > 0));
          showLatest();
          reloadOpenPages();
          input.log.info(`kb: ${need(state.site).model.index.notes.length} notes indexed again in ${Date.now() - started} ms`);
        })
        .catch((err: unknown) => input.log.warn(`kb: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => waiting?.done());
    }, SETTLE_MS);
  };
  const watcher: FSWatcher = watch(cfg.kbDir, { recursive: true }, (_event, file) => changed(file === null ? null : String(file)));
  const watched = (file: string) => {
    const abs = join(cfg.kbDir, file);
    return !abs.startsWith(cfg.cacheDir + sep) && !file.split(sep).some((part) => part === '.git' || part === 'node_modules');
  };

  // The pack data the machine outputs are made from: the latest data's (that of data a change replaced is stopped).
  const files = siteFileServer({
    site: () => state.site,
    packData: () =>
      latestPacks(
        () => state.packData,
        upToDate,
        () => catchingUp !== undefined,
      ),
    packs: () => state.packs,
    root: cfg.root,
    wholeSite: true,
  });
  // Until the folder is indexed, only pages (from the last run's data) are answered; anything else waits for it.
  // `again`: a page the last run's data does not have is asked for once more, once the folder is indexed.
  const serve = (req: IncomingMessage, res: ServerResponse, again = true) =>
    files(req, res, () => {
      const context = { pages, state, during: answering.during, answered: reloading.release, indexed, indexNow, shown, packsReady };
      void page(context, req, res, again ? (r, s) => serve(r, s, false) : undefined);
    });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split(/[?#]/)[0]!;
    if (path === EVENTS) return events(req, res, listeners, shown);
    if (path.startsWith(`${cfg.base}_astro/`)) return clientAsset(path.slice(cfg.base.length), res);
    // A file (a machine output, an attachment) asked for while a change is being indexed is the new data's.
    if (catchingUp && !path.endsWith('/')) return void upToDate().then(() => serve(req, res));
    if (state.site || path.endsWith('/')) return serve(req, res);
    indexNow();
    void indexed.then(
      () => serve(req, res),
      () => serve(req, res),
    );
  });
  const url = await listenOn(server, input.port, input.host);
  answering.open();
  if (kept !== undefined) setTimeout(indexNow, KEPT_FIRST_PAGE_MS).unref();
  return {
    url: `${url}${cfg.base}`,
    indexed,
    close: async () => {
      watcher.close();
      clearTimeout(pending);
      saveCache();
      // What the data was made from, for the next start, unless a change came after the last indexing began.
      if (last.ok && !last.busy && !settling) recordSiteData(cfg, key, last.started, code);
      for (const res of listeners) res.end();
      await new Promise<void>((done) => server.close(() => done()));
      await pages.close();
    },
  };
}

/**
 * Index the folder (through the caches) and write what pages read (`parts`: its parts as they are made, for the page
 * thread to warm the data ahead); the packs are built in the background, between pages. `saveCache` is given what
 * writes the index cache; `answered` settles once the open pages are answered (at once: none waits), when the pack
 * data starts and the cache may be written. A note whose Markdown changed is rendered by the page that shows it, in
 * the page thread and under the render deadline (runtime/noteHtml.ts): never in this thread, which serves every request.
 */
async function refreshFolder(
  state: PortalState,
  log: BuildLog,
  between: () => Promise<void>,
  after: (() => Promise<void>) | undefined,
  signal: AbortSignal,
  parts: SiteDataParts,
  saveCache: (save: () => void) => void,
): Promise<{ answered: Promise<void>; prepared: PreparedSite }> {
  const prepared = await prepare(state, { info: () => undefined, warn: log.warn }, undefined, { renders: false, parts, summary: false, saveCache });
  // Pages that show packs wait for them (page()); the others are served at once, while a worker thread builds them
  // (whatever the folder's size: this thread answers requests), stopped when the folder changes again (`signal`).
  const answered = after?.() ?? Promise.resolve();
  state.ready = startPacks(state, prepared, true, between, answered, { signal, smallInWorker: true });
  state.ready.catch((err: unknown) => {
    if (!signal.aborted) log.warn(`kb: packs: ${err instanceof Error ? err.message : String(err)}`);
  });
  return { answered, prepared };
}

/** What answering a page needs of the server. */
interface PageContext {
  pages: DevPages;
  state: PortalState;
  /** Counts the page as being answered (the background work waits). */
  during: <T>(work: Promise<T>) => Promise<T>;
  /** A page was answered (the reload gate's release). */
  answered: () => void;
  /** The folder's first indexing (at once, when it was indexed before the server listened), and what starts it. */
  indexed: Promise<void>;
  indexNow: () => void;
  shown: { generation: number; same: Set<number> };
  /** The packs of the latest data built (those of data a change replaced are not waited for). */
  packsReady: () => Promise<void>;
}

/**
 * A page: rendered by the page thread for this request, with the reload script before `</body>`. Rendered from the last
 * run's data, a page that is not there (a renamed note's old URL is a file the indexing lists) is asked for again
 * once the folder is indexed (`again`: the whole request, asked once; a folder whose indexing failed answers as it can).
 */
async function page(
  c: PageContext,
  req: IncomingMessage,
  res: ServerResponse,
  again: ((req: IncomingMessage, res: ServerResponse) => void) | undefined,
): Promise<void> {
  try {
    const cfg = need(c.state.config);
    const rel = (req.url ?? '/').slice(cfg.base.length);
    // The home, pack and health pages show the packs: they wait for them, which wait for no page.
    if (rel === '' || /^(packs|health)\//.test(rel)) {
      c.answered();
      c.indexNow();
      await c.indexed;
      await c.packsReady();
    }
    const { status, headers, body, data } = await c.during(c.pages.render(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`));
    const generation = data?.generation ?? 0;
    if (generation === 0 && status !== 200 && again) {
      c.indexNow();
      return void c.indexed.then(
        () => again(req, res),
        () => again(req, res),
      );
    }
    // A page from the last run's data answered: the folder is indexed now (after this turn, so the page goes first).
    if (generation === 0) setImmediate(c.indexNow);
    res.statusCode = status;
    for (const [key, value] of headers) res.setHeader(key, value);
    const type = headers.find(([key]) => key === 'content-type')?.[1] ?? '';
    if (!type.includes('text/html')) return void res.end(body);
    const html = body.toString('utf8');
    const at = html.lastIndexOf('</body>');
    const script = reloadScript(generation);
    res.removeHeader('content-length');
    res.end(at < 0 ? html + script : html.slice(0, at) + script + html.slice(at));
  } catch (err) {
    res.statusCode = 500;
    res.end(err instanceof Error ? (err.stack ?? err.message) : String(err));
  } finally {
    c.answered();
  }
}

/**
 * A file of the compiled site's browser assets, never one outside them. Their names carry a hash of their content
 * (Astro's `_astro/` files), so the browser keeps them: a page reloaded after a save asks for its HTML only.
 */
function clientAsset(rel: string, res: ServerResponse): void {
  const file = normalize(join(APP_CLIENT_DIR, decodeURIComponent(rel)));
  const st = !relative(APP_CLIENT_DIR, file).startsWith('..') ? statSync(file, { throwIfNoEntry: false }) : undefined;
  if (!st?.isFile()) {
    res.statusCode = 404;
    return void res.end('not found');
  }
  res.setHeader('Content-Type', mediaType(file));
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  createReadStream(file).pipe(res);
}

/**
 * Server-sent events: the page's reload signal. A page showing data replaced since it was rendered (`?shown=`: a save
 * indexed, or the last run's data found different, before the page listened) is told to reload at once.
 */
function events(req: IncomingMessage, res: ServerResponse, listeners: Set<ServerResponse>, shown: PageContext['shown']): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const asked = /[?&]shown=(\d+)/.exec(req.url ?? '')?.[1];
  const generation = asked === undefined ? undefined : Number(asked);
  const replaced = generation !== undefined && generation !== shown.generation && !shown.same.has(generation);
  res.write(`${replaced ? 'event: reload\ndata: \n\n' : ''}: kb dev\n\n`);
  listeners.add(res);
  res.on('close', () => listeners.delete(res));
}
