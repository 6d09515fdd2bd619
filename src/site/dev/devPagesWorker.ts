// `kb dev`'s page thread (devPages.ts): says where its CPU clock is read, loads the compiled site with every route's
// module, then renders the pages it is asked for, one at a time, with the data it was last given, and warms the data
// the server is preparing meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { threadStatPath } from '../../node/threadCpuClock.js';
import { appOf, importApp, type LoadedApp } from '../app/loadApp.js';
import type { DevPagesReply, DevPagesRequest, DevPagesWorkerData } from './devPages.js';

const port = parentPort!;
const reply = (message: DevPagesReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const thread = threadStatPath();
if (thread) reply({ thread });
const { appDir } = workerData as DevPagesWorkerData;
const entry = await importApp(appDir, { preload: true });
let app: LoadedApp | undefined;
let base: string | undefined;

port.on('message', (message: DevPagesRequest) => {
  if ('data' in message) {
    if (message.base !== base) app = appOf(entry, message.base, { streaming: false });
    base = message.base;
    if (message.ahead) entry.adoptPortal(message.data, message.ahead.token, message.ahead.rest);
    else app!.setData(message.data);
    // What every page of this generation shares, computed now (done already when warmed ahead): before the reloaded
    // page asks (the tag pages when one does).
    return app!.warm({ tagPages: false });
  }
  if ('head' in message) {
    try {
      entry.warmPortalAhead(message.token, message.head);
    } catch {
      // Nothing warmed: the pages read that data as written, and a page that fails on it says why.
    }
    return;
  }
  const { id, url } = message;
  reply({ start: id });
  void (async () => {
    try {
      if (!app) throw new Error('kb dev: a page was asked for before the data (internal error)');
      const response = await app.render(url);
      const body = new Uint8Array(await response.arrayBuffer());
      reply({ id, status: response.status, headers: [...response.headers], body }, [body.buffer as ArrayBuffer]);
    } catch (err) {
      reply({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
