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
import { createLiveMemo } from '../prepare/prepareSite.js';
import { createPortalState, need, prepare, startPacks, type PortalState } from '../prepare/portalState.js';
import { APP_CLIENT_DIR } from '../app/compileApp.js';
import { resolveBuildConfig } from '../buildPortal.js';
import type { BuildLog } from '../emit/emitSite.js';
import { startDevPages, type DevPages } from './devPages.js';
import { listenOn } from './listenOn.js';
import { reloadGate } from './reloadGate.js';
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
  close: () => Promise<void>;
}

/** Changes closer together than this are indexed once. */
const SETTLE_MS = 40;
/** Where open pages listen for "the folder changed". */
const EVENTS = '/__kb/reload';
/** Added to every page: reload when the server says the folder changed (`data-kb-dev="live"` once it listens). */
const RELOAD_SCRIPT = `<script type="module">const s=new EventSource(${JSON.stringify(EVENTS)});s.addEventListener('open',()=>{document.documentElement.dataset.kbDev='live'});s.addEventListener('reload',()=>location.reload())</script>`;

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
  const refresh = (after?: () => Promise<void>) => refreshFolder(state, input.log, answering.quiet, after);
  // Every route's module is loaded while the folder is indexed: the first page a writer opens does not wait for it.
  // The pages render in a thread of their own, which loads every route's module while this one indexes the folder.
  const pages = input.pages ?? startDevPages({ deadlineMs: input.options.renderDeadlineMs });
  await refresh();
  pages.setData(cfg.base, { dataDir: cfg.dataDir, generation: state.generation });

  const listeners = new Set<ServerResponse>();
  let pending: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const changed = (file: string | null) => {
    if (file !== null && !watched(file)) return;
    clearTimeout(pending);
    pending = setTimeout(() => {
      running = running
        .then(async () => {
          const started = Date.now();
          await refresh(() => reloading.arm(listeners.size > 0));
          pages.setData(cfg.base, { dataDir: cfg.dataDir, generation: state.generation });
          for (const res of listeners) res.write('event: reload\ndata: \n\n');
          input.log.info(`kb: ${need(state.site).model.index.notes.length} notes indexed again in ${Date.now() - started} ms`);
        })
        .catch((err: unknown) => input.log.warn(`kb: ${err instanceof Error ? err.message : String(err)}`));
    }, SETTLE_MS);
  };
  const watcher: FSWatcher = watch(cfg.kbDir, { recursive: true }, (_event, file) => changed(file === null ? null : String(file)));
  const watched = (file: string) => {
    const abs = join(cfg.kbDir, file);
    return !abs.startsWith(cfg.cacheDir + sep) && !file.split(sep).some((part) => part === '.git' || part === 'node_modules');
  };

  const files = siteFileServer({ site: () => state.site, packData: () => state.packData, packs: () => state.packs, root: cfg.root, wholeSite: true });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split(/[?#]/)[0]!;
    if (path === EVENTS) return events(res, listeners);
    if (path.startsWith(`${cfg.base}_astro/`)) return clientAsset(path.slice(cfg.base.length), res);
    files(req, res, () => void page(pages, state, answering.during, reloading.release, req, res));
  });
  const url = await listenOn(server, input.port, input.host);
  answering.open();
  return {
    url: `${url}${cfg.base}`,
    close: async () => {
      watcher.close();
      clearTimeout(pending);
      for (const res of listeners) res.end();
      await new Promise<void>((done) => server.close(() => done()));
      await pages.close();
    },
  };
}

/**
 * Index the folder (through the caches) and write what pages read; the packs are built in the background, between
 * pages. A note whose Markdown changed is rendered by the page that shows it, in the page thread and under the render
 * deadline (runtime/noteHtml.ts): never in this thread, which serves every request.
 */
async function refreshFolder(state: PortalState, log: BuildLog, between: () => Promise<void>, after?: () => Promise<void>): Promise<void> {
  const prepared = await prepare(state, { info: () => undefined, warn: log.warn }, undefined, { renders: false });
  // Pages that show packs wait for them (page()); the others are served at once, while a worker thread builds them.
  state.ready = startPacks(state, prepared, true, between, after?.());
  state.ready.catch((err: unknown) => log.warn(`kb: packs: ${err instanceof Error ? err.message : String(err)}`));
}

/**
 * Pages being answered: `during` counts one while it renders, `quiet` resolves on a turn of the event loop when none
 * is (the background work's gate; a page waiting for that work, the home page, is not counted), once `open` (the
 * server listens: before, the background work would only delay the first page).
 */
function quietGate(): { during: <T>(work: Promise<T>) => Promise<T>; quiet: () => Promise<void>; open: () => void } {
  let busy = 0;
  let opened = false;
  let waiting: (() => void)[] = [];
  const release = () => {
    if (!opened || busy > 0) return;
    const now = waiting;
    waiting = [];
    for (const go of now) go();
  };
  return {
    during: <T>(work: Promise<T>): Promise<T> => {
      busy++;
      return work.finally(() => {
        busy--;
        setImmediate(release);
      });
    },
    open: () => {
      opened = true;
      setImmediate(release);
    },
    quiet: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        setImmediate(release);
      }),
  };
}

/** A page: rendered by the page thread for this request, with the reload script before `</body>`. */
async function page(
  pages: DevPages,
  state: PortalState,
  during: <T>(work: Promise<T>) => Promise<T>,
  answered: () => void,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const cfg = need(state.config);
    const rel = (req.url ?? '/').slice(cfg.base.length);
    // The home, pack and health pages show the packs: they wait for them, which wait for no page.
    if (rel === '' || /^(packs|health)\//.test(rel)) {
      answered();
      await state.ready;
    }
    const { status, headers, body } = await during(pages.render(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`));
    res.statusCode = status;
    for (const [key, value] of headers) res.setHeader(key, value);
    const type = headers.find(([key]) => key === 'content-type')?.[1] ?? '';
    if (!type.includes('text/html')) return void res.end(body);
    const html = body.toString('utf8');
    const at = html.lastIndexOf('</body>');
    res.removeHeader('content-length');
    res.end(at < 0 ? html + RELOAD_SCRIPT : html.slice(0, at) + RELOAD_SCRIPT + html.slice(at));
  } catch (err) {
    res.statusCode = 500;
    res.end(err instanceof Error ? (err.stack ?? err.message) : String(err));
  } finally {
    answered();
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

/** Server-sent events: the page's reload signal. */
function events(res: ServerResponse, listeners: Set<ServerResponse>): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.write(': kb dev\n\n');
  listeners.add(res);
  res.on('close', () => listeners.delete(res));
}
