// One pipeline, two ways in: `kb build` renders the site compiled with the package through Astro's App, and a host
// site's `astro build` (kbPortal() in its config; here src/site/astroBuild.ts, the path `kb build` itself takes for
// trusted MDX code) bundles the same pages for the folder. Both run the same stages; every note page must come out the
// same, but for the names of the bundled assets (`_astro/<name>.<hash>.css`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, tempDir } from './foundationSupport.js';

const root = resolve(import.meta.dirname, '../..');
const work = tempDir('kb-build-paths-');
const kb = fixture('obsidian');

/** Runs a command of the checkout; what it printed. */
function run(args: string[], env: Record<string, string> = {}): string {
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return `${r.stdout}${r.stderr}`;
}

/** Every note page of a built site, its bundled assets' names blanked. */
function notePages(site: string): Map<string, string> {
  const dir = join(site, 'notes');
  return new Map(
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('index.html'))
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8').replace(/_astro\/[\w.-]+/g, '_astro/…')] as const),
  );
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('kb build and a host Astro build of the same folder', () => {
  it('write the same note pages, asset names aside', { timeout: 600_000 }, () => {
    const compiled = join(work, 'compiled');
    const astro = join(work, 'astro');
    run(['bin/kb.js', 'build', '--kb', kb, '--out', compiled, '--today', '2026-10-15', '--full']);
    const options = JSON.stringify({ kb, today: '2026-10-15', cacheDir: join(work, 'astro-cache') });
    // A script file, not `node -e`: Astro's workers inherit the flags of the process.
    const script = join(work, 'astro-build.mjs');
    writeFileSync(
      script,
      `const { buildWithAstro } = await import(${JSON.stringify(pathToFileURL(join(root, 'lib/site/astroBuild.js')).href)});
      const { parseKbPortalOptions } = await import(${JSON.stringify(pathToFileURL(join(root, 'lib/site/options/kbPortalOptions.js')).href)});
      await buildWithAstro(parseKbPortalOptions(${options}), ${JSON.stringify(astro)});`,
    );
    run([script]);
    const a = notePages(compiled);
    const b = notePages(astro);
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect(a.size).toBeGreaterThan(10);
    for (const [page, html] of a) expect(html, page).toBe(b.get(page));
  });
});

// By default a folder this small has its notes' Markdown rendered by the page threads, each note with its page
// (markdownWithPages); asked for a number of threads, the Markdown renders in that many Markdown threads first.
describe('kb build with the notes rendered with their pages, and in one render thread and in three', () => {
  it('writes the same site, byte for byte', { timeout: 600_000 }, () => {
    const logs: string[] = [];
    const sites = ['', '1', '3'].map((workers) => {
      const out = join(work, `workers-${workers || 'default'}`);
      const env: Record<string, string> = { KB_CACHE_DIR: join(work, `cache-${workers || 'default'}`) };
      if (workers) env['KB_RENDER_WORKERS'] = workers;
      logs.push(run(['bin/kb.js', 'build', '--kb', kb, '--out', out, '--today', '2026-10-15', '--full'], env));
      return files(out);
    });
    expect(logs[0]).toMatch(/kb: rendering \d+ of \d+ Markdown notes with their pages/);
    expect(logs[1]).toMatch(/kb: rendering \d+ of \d+ Markdown notes in 1 worker thread/);
    expect(sites[0]!.size).toBeGreaterThan(50);
    for (const site of sites.slice(1)) {
      expect([...site.keys()]).toEqual([...sites[0]!.keys()]);
      for (const [file, bytes] of sites[0]!) expect(site.get(file), file).toBe(bytes);
    }
  });
});

/** Every file of a built site and a hash of its bytes. */
function files(site: string): Map<string, string> {
  return new Map(
    readdirSync(site, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort()
      .map((abs) => [abs.slice(site.length), createHash('sha256').update(readFileSync(abs)).digest('hex')] as const),
  );
}
