// `kb dev`'s page thread warms the next data ahead (src/runtime/portalSite.ts siteAhead, adoptSite, through the
// compiled site's entry): from site.json's head, given while the server makes the rest (the render jobs among it), then
// completed with it. The pages it renders are those of the data as written, byte for byte; data warmed under another
// token is not adopted (the pages read site.json). The compiled site is loaded in a child process, as the page thread does.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteDataJson } from '../../src/core/site/portalData.ts';
import { sitePages } from '../../src/core/site/sitePages.ts';
import type { PreparedSite } from '../../src/site/prepare/prepareSite.ts';
import { CONTENT, tempDir } from './foundationSupport.ts';
import { prepareFixture } from './preparedSite.ts';

const LOAD_APP = pathToFileURL(join(import.meta.dirname, '../../lib/site/app/loadApp.js')).href;

let site: PreparedSite;
const parts = { head: '', rest: '' };
let work: string;

beforeAll(async () => {
  site = await prepareFixture(CONTENT, { parts: { head: (json) => (parts.head = json), rest: (json) => (parts.rest = json) } });
  work = tempDir('kb-site-ahead-');
}, 120_000);

/** Runs `steps` (a module body with `entry`, `app`, `render(url)` and `say(value)`) against the compiled site. */
function withApp(steps: string): unknown {
  const script = `
    const { importApp, appOf } = await import(${JSON.stringify(LOAD_APP)});
    const entry = await importApp();
    const app = appOf(entry, '/', { streaming: false });
    const render = async (url) => { const r = await app.render('http://localhost' + url); return [r.status, await r.text()]; };
    const out = [];
    const say = (value) => out.push(value);
    ${steps}
    process.stdout.write(JSON.stringify(out));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out);
}

describe('the next data warmed ahead of its render jobs', () => {
  it('is told site.json in two parts, which make the file as written', () => {
    expect(parts.head).not.toBe('');
    expect(siteDataJson(parts.head, parts.rest)).toBe(readFileSync(join(site.config.dataDir, 'site.json'), 'utf8'));
  });

  it('renders every page as the data read from site.json does, without reading it; another token is not adopted', { timeout: 120_000 }, () => {
    // The same data without its site.json: a page that read it there would fail.
    const bare = join(work, 'bare');
    cpSync(site.config.dataDir, bare, { recursive: true });
    rmSync(join(bare, 'site.json'));
    writeFileSync(join(work, 'head.json'), parts.head);
    writeFileSync(join(work, 'rest.json'), parts.rest);
    const urls = sitePages(site.model).filter((url) => /^\/(notes|tags|folders|projects|aliases)\//.test(url));
    expect(urls.length).toBeGreaterThan(20);
    const [written, adopted, ahead, other, fallback] = withApp(`
      const { readFileSync } = await import('node:fs');
      const urls = ${JSON.stringify(urls)};
      const head = readFileSync(${JSON.stringify(join(work, 'head.json'))}, 'utf8');
      const rest = readFileSync(${JSON.stringify(join(work, 'rest.json'))}, 'utf8');
      const all = async () => { const pages = []; for (const url of urls) pages.push(await render(url)); return pages; };
      entry.setPortalRuntime({ dataDir: ${JSON.stringify(site.config.dataDir)}, generation: 1 });
      say(await all());
      entry.warmPortalAhead(7, head);
      say(entry.adoptPortal({ dataDir: ${JSON.stringify(bare)}, generation: 2 }, 7, rest));
      say(await all());
      entry.warmPortalAhead(8, head);
      say(entry.adoptPortal({ dataDir: ${JSON.stringify(bare)}, generation: 3 }, 9, rest));
      say(await render(urls[0]));
    `) as [[number, string][], boolean, [number, string][], boolean, [number, string]];
    expect(written.every(([status]) => status === 200)).toBe(true);
    expect(adopted).toBe(true);
    expect(ahead).toEqual(written);
    expect(other).toBe(false);
    expect(fallback[0]).toBe(500);
  });
});
