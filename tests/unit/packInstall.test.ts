// kb-portal as a team gets it: the package packed as npm would publish it, installed into an empty folder, and the
// README's commands run there: `npx kb-portal build --kb ./notes`, `npx kb dev` serving a page, kbPortal() in
// a four-line astro.config.mjs, and a host page reading the notes through kb-portal/content. Nothing of this
// checkout is reachable from that folder but the tarball.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'kb-pack-install-'));
const app = join(work, 'app');
afterAll(() => rm(work, { recursive: true, force: true }), 120_000); // an installed node_modules

// No KB_* of the caller's, no prompt to fetch a package that is not installed (npx would take kb-portal from the
// registry instead of failing), no telemetry.
const env: Record<string, string | undefined> = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('KB_'))),
  ASTRO_TELEMETRY_DISABLED: '1',
  npm_config_yes: 'false',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};

function run(cwd: string, cmd: string, args: string[]): SpawnSyncReturns<string> & { log: string } {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ...r, log: `${r.stdout}\n${r.stderr}` };
}

let install: ReturnType<typeof run>;
let tarball = '';

beforeAll(() => {
  // lib/ as the sources are; packed without scripts (`prepare` would compile lib/ again under the other tests' feet).
  expect(run(root, process.execPath, ['scripts/compile.mjs', '--if-stale']).status).toBe(0);
  const pack = run(root, 'npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work]);
  expect(pack.status, pack.stderr).toBe(0);
  tarball = join(work, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
  mkdirSync(app);
  // From npm's cache when it holds everything (as after `npm ci` of this checkout), else from the registry.
  install = run(app, 'npm', ['install', '--prefer-offline', tarball]);
  cpSync(join(root, 'tests/fixtures/site-basic'), join(app, 'notes'), { recursive: true });
}, 600_000);

describe('kb-portal installed from its tarball into an empty folder', () => {
  it('installs without an engine warning on this Node', () => {
    expect(install.status, install.log).toBe(0);
    expect(install.log).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it('ships what runs and nothing of this repository around it', () => {
    const pkg = join(app, 'node_modules/kb-portal');
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['private']).toBeUndefined();
    expect(manifest['bin']).toEqual({ kb: 'bin/kb.js', 'kb-portal': 'bin/kb.js' });
    expect(manifest['peerDependencies']).toEqual({ astro: expect.stringMatching(/^~5\.18/) });
    for (const shipped of [
      'lib/cli/main.js',
      'lib/integration/index.js',
      // The portal's site, compiled with the package: what kb build and kb dev render from.
      'lib/app/server/entry.mjs',
      'lib/app/.compiled',
      // Shiki's regexes, converted with the package (src/markdown/regexTable.ts).
      'lib/shiki-regexes.json',
      'src/routes/index.astro',
      'astro.config.mjs',
      'docs/github-pages.yml',
    ])
      expect(existsSync(join(pkg, shipped)), shipped).toBe(true);
    for (const left of ['tests', 'content', 'scripts', 'package-lock.json']) expect(existsSync(join(pkg, left)), left).toBe(false);
  });

  it('ships the compiled site importing kb-portal’s own dependencies from node_modules, as the CLI and the Markdown threads do', () => {
    // The packages the compiled site's modules import as a page thread loads it (every route), as Node resolves them.
    writeFileSync(
      join(work, 'imports.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (context.parentURL?.includes('/kb-portal/lib/app/') && !/^(node:|\\.|\\/|file:)/.test(specifier)) appendFileSync(${JSON.stringify(join(work, 'imports.txt'))}, specifier + '\\n');
  return next(specifier, context);
}`,
    );
    writeFileSync(
      join(work, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(work, 'imports.mjs')).href)});\n`,
    );
    const loadApp = pathToFileURL(join(app, 'node_modules/kb-portal/lib/site/app/loadApp.js')).href;
    const load = `const { importApp } = await import(${JSON.stringify(loadApp)}); await importApp(undefined, { preload: true });`;
    const loaded = run(app, process.execPath, ['--import', pathToFileURL(join(work, 'register.mjs')).href, '--input-type=module', '-e', load]);
    expect(loaded.status, loaded.log).toBe(0);
    const names = readFileSync(join(work, 'imports.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((s) => s.replace(/^(@[^/]+\/[^/]+|[^/]+).*$/, '$1'));
    const own = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    const imported = [...new Set(names)].filter((name) => !isBuiltin(name)).sort();
    // Astro's own dependencies are bundled in (the site runs however the installer lays them out); kb-portal's are not:
    // a note's HTML is the same whichever thread renders it (the page threads or the Markdown threads), with the
    // versions the installer resolved, not those of the day the package was built.
    expect(imported.filter((name) => !own.includes(name))).toEqual([]);
    expect(imported).toEqual(expect.arrayContaining(['markdown-it', 'markdown-it-footnote', 'rehype-sanitize', 'shiki', 'unified']));
  });

  it('npx kb-portal build --kb ./notes builds the site, its caches in the working folder', { timeout: 300_000 }, () => {
    const build = run(app, 'npx', ['kb-portal', 'build', '--kb', './notes', '--today', '2026-10-15']);
    expect(build.status, build.log).toBe(0);
    const home = readFileSync(join(app, 'dist/index.html'), 'utf8');
    // site-basic's kb.config.yaml: title "Site fixture", base /docs/.
    expect(home).toContain('<title>Site fixture');
    expect(home).toContain('href="/docs/notes/');
    expect(existsSync(join(app, 'dist/pagefind/pagefind.js'))).toBe(true);
    expect(existsSync(join(app, '.kb-build/cache'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/kb-portal/.kb-build/cache'))).toBe(false);
  });

  it('kb build renders from the compiled site: it never loads Vite (here it is not even installed)', { timeout: 300_000 }, () => {
    const vite = join(app, 'node_modules/vite');
    renameSync(vite, `${vite}.away`);
    try {
      const build = run(app, 'npx', ['kb', 'build', '--kb', './notes', '--out', 'compiled-out', '--today', '2026-10-15']);
      expect(build.status, build.log).toBe(0);
      expect(build.log).not.toMatch(/vite|bundl/i);
      expect(readFileSync(join(app, 'compiled-out/notes/decisions/001-offset/index.html'), 'utf8')).toContain('<title>');
      expect(existsSync(join(app, 'compiled-out/_astro'))).toBe(true);
    } finally {
      renameSync(`${vite}.away`, vite);
    }
  });

  it('npx kb dev --kb ./notes serves a page until stopped', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const server = spawn('npx', ['kb', 'dev', '--kb', './notes', '--port', String(port), '--host', '127.0.0.1', '--today', '2026-10-15'], {
      cwd: app,
      env,
      detached: true, // its own process group: npx, kb and Astro stop together
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    server.stdout.on('data', (d) => (log += String(d)));
    server.stderr.on('data', (d) => (log += String(d)));
    const exited = new Promise((done) => server.on('close', done));
    try {
      let page = '';
      for (let i = 0; i < 240 && !page; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/docs/notes/decisions/001-offset/`).catch(() => undefined);
        if (res?.status === 200) page = await res.text();
        else await new Promise((r) => setTimeout(r, 500));
      }
      expect(page, log).toContain('<title>');
      expect(page).toContain('/docs/tags/');
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
  });

  it('kbPortal() in a four-line astro.config.mjs builds with astro build', { timeout: 300_000 }, () => {
    const site = join(app, 'site');
    cpSync(join(app, 'notes'), join(site, 'notes'), { recursive: true });
    writeFileSync(
      join(site, 'astro.config.mjs'),
      [
        "import { defineConfig } from 'astro/config';",
        "import kbPortal from 'kb-portal';",
        '',
        "export default defineConfig({ integrations: [kbPortal({ kb: './notes' })] });",
        '',
      ].join('\n'),
    );
    const build = run(site, 'npx', ['astro', 'build']);
    expect(build.status, build.log).toBe(0);
    expect(readFileSync(join(site, 'dist/index.html'), 'utf8')).toContain('<title>Site fixture');
    expect(existsSync(join(site, 'dist/notes/decisions/001-offset/index.html'))).toBe(true);
  });

  it('kbNotes() from kb-portal/content gives a host page the notes as a content collection', { timeout: 300_000 }, () => {
    const site = join(app, 'host');
    cpSync(join(app, 'notes'), join(site, 'notes'), { recursive: true });
    mkdirSync(join(site, 'src/pages'), { recursive: true });
    writeFileSync(
      join(site, 'astro.config.mjs'),
      "import { defineConfig } from 'astro/config';\nimport kbPortal from 'kb-portal';\n\nexport default defineConfig({ integrations: [kbPortal({ kb: './notes', prefix: '/kb/' })] });\n",
    );
    writeFileSync(join(site, 'src/content.config.ts'), "import { kbNotes } from 'kb-portal/content';\n\nexport const collections = { kb: kbNotes() };\n");
    writeFileSync(
      join(site, 'src/pages/list.astro'),
      "---\nimport { getCollection } from 'astro:content';\nconst notes = await getCollection('kb');\n---\n<ul>{notes.map((n) => <li><a href={n.data.url}>{n.data.title}</a></li>)}</ul>\n",
    );
    const build = run(site, 'npx', ['astro', 'build']);
    expect(build.status, build.log).toBe(0);
    expect(readFileSync(join(site, 'dist/list/index.html'), 'utf8')).toContain('<a href="/kb/notes/decisions/001-offset/">');
  });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}
