// `kb dev` started again answers its first pages from the data its last run left (src/site/dev/keptSiteData.ts), only
// when nothing that data was made from changed: each kind of change below makes the next start index first. Then the
// dev server itself, in this process with a page thread that echoes the data it was given (fakeDevPagesWorker.mjs):
// the first page from the kept data, the folder indexed after it, no reload when the data is the same, a reload of the
// open pages when it is not, and no kept data after an edit made while the server was stopped; two saves in a row (the
// first's pack work stopped, the home page showing the last's). No test waits on the clock: a record's "since" is
// given, the server's indexing and its reload signals are awaited.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveBuildConfig } from '../../src/site/buildPortal.ts';
import { startDevPages } from '../../src/site/dev/devPages.ts';
import { startDevServer } from '../../src/site/dev/devServer.ts';
import { codeSignatures, KEPT_RECORD, keptDataDir, keptKey, recordSiteData, sameSiteData, takeKeptSiteData } from '../../src/site/dev/keptSiteData.ts';
import { parseKbPortalOptions, type KbPortalOptionsInput } from '../../src/site/options/kbPortalOptions.ts';
import type { PortalConfig } from '../../src/site/options/resolvePortal.ts';

const root = mkdtempSync(join(tmpdir(), 'kb-kept-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fixture = join(import.meta.dirname, '../fixtures/site-basic');
const LATER = Date.now() + 3_600_000; // a record's "since" after every file of the test was written
const code = codeSignatures();
let n = 0;

/** A fresh project: the fixture as its knowledge folder, the resolved settings, the key, and data files as a run leaves them. */
function project(extra: KbPortalOptionsInput = {}) {
  const dir = join(root, `p${n++}`);
  const kb = join(dir, 'kb');
  cpSync(fixture, kb, { recursive: true });
  const options = parseKbPortalOptions({ kb, today: '2026-10-15', cacheDir: join(dir, 'cache'), ...extra });
  const cfg = resolveBuildConfig(options, dir, join(dir, '.kb-build', 'dev'), '2026-10-15');
  return { dir, kb, options, cfg, key: keptKey(cfg, options) };
}

function writeData(cfg: PortalConfig, text = 'data') {
  mkdirSync(cfg.dataDir, { recursive: true });
  for (const name of ['site.json', 'bodies.txt', 'boards.json']) writeFileSync(join(cfg.dataDir, name), `${text} ${name}`);
}

describe('kb dev: the last run’s data, kept when nothing it was made from changed', () => {
  it('is taken (moved aside) when nothing changed, and only once', () => {
    const p = project();
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    expect(takeKeptSiteData(p.cfg, p.key, code)).toBe(keptDataDir(p.cfg));
    expect(readFileSync(join(keptDataDir(p.cfg), 'site.json'), 'utf8')).toBe('data site.json');
    expect(takeKeptSiteData(p.cfg, p.key, code)).toBeUndefined();
  });

  it('records nothing when a file changed after the indexing that wrote the data began', () => {
    const p = project();
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, 0, code)).toBe(false);
    expect(takeKeptSiteData(p.cfg, p.key, code)).toBeUndefined();
  });

  const changes: [string, (p: ReturnType<typeof project>) => void][] = [
    ['a note edited', (p) => appendFileSync(join(p.kb, 'decisions/001-offset.md'), '\nmore\n')],
    ['a note added', (p) => writeFileSync(join(p.kb, 'decisions/003-new.md'), '# New\n')],
    ['a note deleted', (p) => rmSync(join(p.kb, 'references/legacy.md'))],
    ['a folder added', (p) => mkdirSync(join(p.kb, 'empty'))],
    ['kb.config.yaml edited', (p) => appendFileSync(join(p.kb, 'kb.config.yaml'), '\n# a comment\n')],
    ['a data file changed', (p) => appendFileSync(join(p.cfg.dataDir, 'bodies.txt'), 'x')],
    ['a data file missing', (p) => rmSync(join(p.cfg.dataDir, 'boards.json'))],
    ['the record damaged', (p) => writeFileSync(join(p.cfg.cacheDir, KEPT_RECORD), '{')],
  ];
  it.each(changes)('is not taken after this change: %s', (_name, change) => {
    const p = project();
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    change(p);
    expect(takeKeptSiteData(p.cfg, p.key, code)).toBeUndefined();
  });

  it('is not taken by other code (a file of it changed since the record)', () => {
    const p = project();
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    const [file] = Object.keys(code);
    expect(takeKeptSiteData(p.cfg, p.key, { ...code, [file!]: `${code[file!]}+` })).toBeUndefined();
  });

  it('is not taken for other options or another day', () => {
    const p = project();
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    const trusting = parseKbPortalOptions({ ...p.options, trustHtml: true });
    expect(takeKeptSiteData(p.cfg, keptKey(p.cfg, trusting), code)).toBeUndefined();
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    expect(takeKeptSiteData(p.cfg, keptKey({ ...p.cfg, today: '2026-10-16' }, p.options), code)).toBeUndefined();
  });

  it('watches the repository the folder is in (a commit rewrites its index) and passes by node_modules and .kb-build', () => {
    const p = project();
    mkdirSync(join(p.dir, '.git'));
    writeFileSync(join(p.dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(p.dir, '.git', 'index'), 'one');
    mkdirSync(join(p.kb, 'node_modules'));
    mkdirSync(join(p.kb, '.kb-build'));
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    writeFileSync(join(p.kb, 'node_modules', 'x.js'), '');
    writeFileSync(join(p.kb, '.kb-build', 'x'), '');
    expect(takeKeptSiteData(p.cfg, p.key, code)).toBe(keptDataDir(p.cfg));
    rmSync(keptDataDir(p.cfg), { recursive: true });
    writeData(p.cfg);
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    writeFileSync(join(p.dir, '.git', 'index'), 'two');
    expect(takeKeptSiteData(p.cfg, p.key, code)).toBeUndefined();
  });

  it('walks the folder a symlink given as the folder leads to', () => {
    const p = project();
    const link = join(p.dir, 'kb-link');
    symlinkSync(p.kb, link);
    const cfg = { ...p.cfg, kbDir: link };
    writeData(cfg);
    expect(recordSiteData(cfg, p.key, LATER, code)).toBe(true);
    appendFileSync(join(p.kb, 'decisions/001-offset.md'), '\nmore\n');
    expect(takeKeptSiteData(cfg, p.key, code)).toBeUndefined();
  });

  it('compares two data folders byte for byte', () => {
    const a = project().cfg;
    const b = { ...a, dataDir: `${a.dataDir}-b` };
    writeData(a);
    writeData(b);
    expect(sameSiteData(a.dataDir, b.dataDir)).toBe(true);
    writeFileSync(join(b.dataDir, 'site.json'), 'data site.jsoN');
    expect(sameSiteData(a.dataDir, b.dataDir)).toBe(false);
    rmSync(join(b.dataDir, 'site.json'));
    expect(sameSiteData(a.dataDir, b.dataDir)).toBe(false);
  });
});

const workerUrl = pathToFileURL(join(import.meta.dirname, 'fakeDevPagesWorker.mjs'));

/** The page's text (the fake thread's echo: the data's folder and generation). */
async function text(url: string): Promise<string> {
  return (await fetch(url)).text();
}

/** What the reload signal says first to a page that shows generation `shown`: whether it is told to reload. */
function toldToReload(url: string, shown: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = request(`${new URL(url).origin}/__kb/reload?shown=${shown}`, (res) => {
      let got = '';
      res.on('data', (chunk: Buffer) => {
        got += String(chunk);
        if (!got.includes(': kb dev')) return;
        resolve(got.includes('event: reload'));
        req.destroy();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('kb dev started again', { timeout: 60_000 }, () => {
  const p = project();
  const logs: string[] = [];
  const start = async () => {
    logs.length = 0;
    const log = { info: (l: string) => logs.push(l), warn: (l: string) => logs.push(l) };
    const pages = startDevPages({ deadlineMs: 0, workerUrl });
    return startDevServer({ options: p.options, cwd: p.dir, port: 0, host: '127.0.0.1', log, pages });
  };
  const unchanged = () => logs.some((l) => l.includes('unchanged since kb dev last stopped'));

  it('answers its first page from the last run’s data, indexes the folder after it, and reloads no page when the data is the same', async () => {
    const first = await start();
    expect(unchanged()).toBe(false);
    expect(await text(`${first.url}decisions/001-offset/`)).toContain(`dir ${p.cfg.dataDir} base ${p.cfg.base} generation 1 `);
    await first.close();

    let again = await start();
    try {
      expect(unchanged()).toBe(true);
      // A page the last run's data does not have is asked for again once the folder is indexed (which it starts).
      const late = await fetch(`${again.url}new-since-0/`);
      expect([late.status, await late.text()]).toEqual([200, expect.stringContaining('generation 1 ')]);
      await again.close();
      again = await start();
      expect(unchanged()).toBe(true);
      expect(await text(`${again.url}decisions/001-offset/`)).toContain(`dir ${keptDataDir(p.cfg)} base ${p.cfg.base} generation 0 `);
      await again.indexed;
      expect(logs.join('\n')).not.toMatch(/changed since the last run/);
      expect(await text(`${again.url}decisions/001-offset/`)).toContain(`dir ${p.cfg.dataDir} base ${p.cfg.base} generation 1 `);
      expect(await toldToReload(again.url, 0)).toBe(false);
      expect(await toldToReload(again.url, 1)).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('indexes first when a note was edited while it was stopped', async () => {
    appendFileSync(join(p.kb, 'decisions/001-offset.md'), '\nEdited while stopped.\n');
    const server = await start();
    try {
      expect(unchanged()).toBe(false);
      expect(await text(`${server.url}decisions/001-offset/`)).toContain(`dir ${p.cfg.dataDir} base ${p.cfg.base} generation 1 `);
    } finally {
      await server.close();
    }
  });

  it('reloads the open pages when the data it kept turns out different from the folder’s', async () => {
    // A change no signature shows, made up: the record rewritten after an edit, over the data of before it.
    appendFileSync(join(p.kb, 'decisions/002-cursor.md'), '\nA change the record misses.\n');
    expect(recordSiteData(p.cfg, p.key, LATER, code)).toBe(true);
    const server = await start();
    try {
      expect(unchanged()).toBe(true);
      expect(await text(`${server.url}decisions/001-offset/`)).toContain('generation 0 ');
      await server.indexed;
      expect(logs.join('\n')).toMatch(/the pages changed since the last run, open pages reload/);
      expect(await toldToReload(server.url, 0)).toBe(true);
      expect(await toldToReload(server.url, 1)).toBe(false);
    } finally {
      await server.close();
    }
  });
});

/** An open page's reload signal: `next()` settles at the next reload it is told. */
function reloadSignal(url: string) {
  const waiting: (() => void)[] = [];
  let told = 0;
  const req = request(`${new URL(url).origin}/__kb/reload`, (res) => {
    res.on('data', (chunk: Buffer) => {
      told += String(chunk).match(/event: reload/g)?.length ?? 0;
      while (told > 0 && waiting.length) {
        told--;
        waiting.shift()!();
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  return {
    next: () => new Promise<void>((resolve) => (told > 0 ? (told--, resolve()) : waiting.push(resolve))),
    close: () => req.destroy(),
  };
}

/** A fresh project served by the real server in this process (the fake page thread), and what it logs. */
async function servedProject() {
  const p = project();
  const logs: string[] = [];
  const log = { info: (l: string) => logs.push(l), warn: (l: string) => logs.push(l) };
  const server = await startDevServer({ options: p.options, cwd: p.dir, port: 0, host: '127.0.0.1', log, pages: startDevPages({ deadlineMs: 0, workerUrl }) });
  return { p, logs, server };
}

describe('kb dev says the warnings a save brings', { timeout: 60_000 }, () => {
  it('names the file and line once, says nothing new for a save that brings none, and says it again when it comes back', async () => {
    const { p, logs, server } = await servedProject();
    const page = reloadSignal(server.url);
    const note = join(p.kb, 'decisions/001-offset.md');
    const original = readFileSync(note, 'utf8');
    const broken = original.replace(/^---\n/, '---\nbroken: [never closed\n');
    const warnings = () => logs.filter((l) => /: warning: /.test(l));
    // Saved, shown on the reloaded page (its answer lets the indexing's after-work run): what it said by then.
    const save = async (content: string) => {
      writeFileSync(note, content);
      await page.next();
      await text(`${server.url}decisions/001-offset/`);
    };
    try {
      expect(warnings()).toEqual([]);
      await save(broken);
      await vi.waitFor(() => expect(warnings()).toHaveLength(1), { timeout: 10_000 });
      expect(warnings()[0]).toMatch(/^kb: decisions\/001-offset\.md:\d+: warning: frontmatter is not valid YAML/);
      await save(`${broken}\nStill broken, saved again.\n`);
      await save(original);
      expect(warnings()).toHaveLength(1);
      await save(broken);
      await vi.waitFor(() => expect(warnings()).toHaveLength(2), { timeout: 10_000 });
      expect(warnings()[1]).toBe(warnings()[0]);
    } finally {
      page.close();
      await server.close();
    }
  });
});

/** The length of site.json made of the head and the rest the fake page thread names (siteDataJson: two objects joined). */
function aheadLength(body: string): number {
  const [, head, rest] = /ahead \d+ (\d+)\+(\d+) /.exec(body) ?? [];
  return Number(head) + Number(rest) - 1;
}

describe('kb dev saved twice in a row', { timeout: 60_000 }, () => {
  it('stops the pack work of the first save’s data, warns of nothing, and shows the packs of the last', async () => {
    const { p, logs, server } = await servedProject();
    const page = reloadSignal(server.url);
    try {
      // The home page waits for the packs (the fake page thread names the data it was given, and what it was given
      // ahead of it: site.json's head while the rest was made, then the rest: site.json in two).
      const home = await text(server.url);
      expect(home).toMatch(/generation 1 ahead 1 \d+\+\d+ /);
      expect(aheadLength(home)).toBe(readFileSync(join(p.cfg.dataDir, 'site.json'), 'utf8').length);
      // The first save's data is written and the open page told; its pack work waits for the page (or 1 s) and is
      // stopped by the second save.
      appendFileSync(join(p.kb, 'decisions/001-offset.md'), '\nFirst save: offsets are kept per reader.\n');
      await page.next();
      // A machine output asked for meanwhile waits for the pack data: the first save's, then (stopped) the second's.
      const output = fetch(`${server.url}kb-index.json`);
      appendFileSync(join(p.kb, 'decisions/001-offset.md'), '\nSecond save: and per partition.\n');
      await page.next();
      const last = await text(server.url);
      expect(last).toMatch(/generation 3 ahead 3 \d+\+\d+ /);
      expect(aheadLength(last)).toBe(readFileSync(join(p.cfg.dataDir, 'site.json'), 'utf8').length);
      const index = await output;
      expect([index.status, index.headers.get('content-type')]).toEqual([200, 'application/json']);
      expect(logs.filter((l) => /pack|changed again/i.test(l))).toEqual([]);
    } finally {
      page.close();
      await server.close();
    }
  });
});
