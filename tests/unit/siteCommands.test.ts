// `kb init`, and what `kb build`, `kb dev` and `kb preview` refuse before Astro starts (the builds and the servers
// themselves run in buildWrapper, packInstall and the browser tests).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_FLAGS, serverOptions, withoutHost, type ServerOptions } from '../../src/cli/commands/devCommand.js';
import { parseFlags } from '../../src/cli/flags.js';
import { siteFlags, siteOptions } from '../../src/cli/siteFlags.js';
import { kbPortalOptionsSchema, SITE_OPTION_FLAGS, type KbPortalOptions } from '../../src/site/options/kbPortalOptions.js';
import { main } from '../../src/cli/main.js';
import { kbConfigSchema } from '../../src/core/config/kbConfigSchema.js';
import { loadKbConfig } from '../../src/node/loadKbConfig.js';
import { captureIo, fixture, tempDir } from './foundationSupport.js';

async function kb(cwd: string, ...argv: string[]) {
  const io = captureIo(cwd);
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** The parts of the CI recipes read here: GitHub's build job, GitLab's pages job. */
interface Recipe {
  jobs?: { build?: { steps: { run?: string }[] } };
  pages?: { script: string[] };
}

describe('kb init', () => {
  it('starts an empty folder: a kb.config.yaml that loads, and a first note', async () => {
    const cwd = join(tempDir(), 'handbook');
    mkdirSync(cwd);
    const r = await kb(cwd, 'init');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(/^wrote content\/kb\.config\.yaml\nwrote content\/welcome\.md\n/);
    expect(loadKbConfig(join(cwd, 'content')).title).toBe('Handbook knowledge base');
    expect(readFileSync(join(cwd, 'content/welcome.md'), 'utf8')).toMatch(/^---\ntitle: Welcome\n/);
  });

  it('names every key kb.config.yaml has, commented out but the title', async () => {
    const cwd = tempDir();
    expect((await kb(cwd, 'init')).code).toBe(0);
    const text = readFileSync(join(cwd, 'content/kb.config.yaml'), 'utf8');
    const active = Object.keys((parse(text) as Record<string, unknown>) ?? {});
    expect(active).toEqual(['title']);
    for (const key of Object.keys(kbConfigSchema.shape)) expect(text, key).toMatch(new RegExp(`^#? ?${key}:`, 'm'));
  });

  it('leaves a folder with notes without a welcome note, and an existing config as it is', async () => {
    const cwd = join(tempDir(), 'platform-team');
    const notes = join(cwd, 'notes');
    mkdirSync(join(notes, 'guides'), { recursive: true });
    writeFileSync(join(notes, 'guides/a.md'), '# A\n');
    writeFileSync(join(notes, 'kb.config.yaml'), 'title: Ours\n');
    const r = await kb(cwd, 'init', '--kb', 'notes');
    expect(r.code).toBe(0);
    expect(r.err).toBe('kept notes/kb.config.yaml: it exists (--force replaces it)');
    expect(readFileSync(join(notes, 'kb.config.yaml'), 'utf8')).toBe('title: Ours\n');
    expect(existsSync(join(notes, 'welcome.md'))).toBe(false);
    expect((await kb(cwd, 'init', '--kb', 'notes', '--force')).out).toMatch(/^wrote notes\/kb\.config\.yaml$/m);
    expect(loadKbConfig(notes).title).toBe('Platform team knowledge base');
  });

  // [--ci, the file written, where its build names the folder]
  describe.each([
    ['github', '.github/workflows/kb-portal.yml', (y: Recipe) => y.jobs!.build!.steps.map((s) => s.run ?? '').join('\n')],
    ['gitlab', '.gitlab-ci.yml', (y: Recipe) => y.pages!.script.join('\n')],
  ])('--ci %s', (ci, file, script) => {
    it(`writes ${file}, the recipe of docs/ with the folder asked for`, async () => {
      const cwd = tempDir();
      expect((await kb(cwd, 'init', '--kb', 'team notes', '--ci', ci)).code).toBe(0);
      const text = readFileSync(join(cwd, file), 'utf8');
      expect(text).toBe(readFileSync(join(import.meta.dirname, `../../docs/${ci}-pages.yml`), 'utf8').replaceAll('--kb content', "--kb 'team notes'"));
      expect(script(parse(text) as Recipe)).toMatch(/npx --yes .*kb-portal build --kb 'team notes' /);
    });
  });
});

const SITE = fixture('site-basic');
// [case, argv, exit code, stderr (a pattern)]
describe.each<[string, string[], number, RegExp]>([
  ['kb init --ci with an unknown host', ['init', '--ci', 'jenkins'], 2, /^kb init: --ci jenkins: give github or gitlab; run `kb init --help` for usage\.$/],
  ['kb build without the folder', ['build', '--kb', 'nowhere'], 2, /^build: no knowledge folder at .*nowhere — is --kb \(or KB_DIR\) right\?$/],
  ['kb build with a bad --today', ['build', '--kb', SITE, '--today', 'soon'], 2, /^kb build: --today soon: must be YYYY-MM-DD; run `kb build --help`/],
  ['kb build with an unknown flag', ['build', '--serve'], 2, /^kb build: unknown option '--serve'; run `kb build --help` for usage\.$/],
  ['kb dev without the folder', ['dev', '--kb', 'nowhere'], 2, /^kb dev: no knowledge folder at nowhere — is --kb right\?/],
  ['kb dev with a bad --port', ['dev', '--kb', SITE, '--port', 'http'], 2, /^kb dev: --port http: give a port number, e\.g\. --port 4321; run `kb dev --help`/],
  ['kb preview without a built site', ['preview', 'nowhere'], 2, /^kb preview: no built site in .*nowhere — run `kb build` first/],
  ['kb preview of two sites', ['preview', 'a', 'b'], 2, /^kb preview: one built site at a time, not 2; run `kb preview --help`/],
])('%s', (_name, argv, code, err) => {
  it(`exits ${code} with one line, before Astro starts`, async () => {
    const r = await kb(tempDir(), ...argv);
    expect([r.code, r.out]).toEqual([code, '']);
    expect(r.err).toMatch(err);
    expect(r.err.split('\n')).toHaveLength(1);
  });
});

// [argv of kb dev, where its server listens]
describe.each<[string[], ServerOptions]>([
  [['--host'], { port: 4321, host: '0.0.0.0', open: false }],
  [['--host', '--port', '5000'], { port: 5000, host: '0.0.0.0', open: false }],
  [['--host', '10.0.0.2'], { port: 4321, host: '10.0.0.2', open: false }],
  [['--host=10.0.0.2', '--open'], { port: 4321, host: '10.0.0.2', open: true }],
  [['--port', '4400'], { port: 4400, host: undefined, open: false }],
  [[], { port: 4321, host: undefined, open: false }],
])('kb dev %j', (argv, expected) => {
  it(`listens on ${JSON.stringify(expected)}`, () => {
    const { rest, host } = withoutHost(argv);
    const { values } = parseFlags('dev', rest, SERVER_FLAGS, false);
    expect(serverOptions('dev', values, host)).toEqual(expected);
  });
});

// The site's options come from one schema (src/site/options/kbPortalOptions.ts): a command's flags over its KB_*
// variables, typed, with no variable written for the build to read back.
describe('kb build and kb dev: the site options from flags and KB_* variables', () => {
  const io = (env: Record<string, string>) => captureIo('/work', env);
  it.each<[string, Record<string, unknown>, Record<string, string>, Partial<KbPortalOptions>]>([
    ['defaults', {}, {}, { prefix: '/', strict: false, trustHtml: false, renderDeadlineMs: 10_000, cacheDir: '/work/.kb-build/cache' }],
    ['a flag', { 'trust-html': true, base: 'wiki' }, {}, { trustHtml: true, base: '/wiki/' }],
    ['a variable', {}, { KB_TRUST_HTML: '1', KB_RENDER_WORKERS: '3', KB_CACHE_DIR: 'c' }, { trustHtml: true, renderWorkers: 3, cacheDir: '/work/c' }],
    ['the flag wins over the variable', { base: '/docs/' }, { KB_SITE_BASE: '/wiki/' }, { base: '/docs/' }],
  ])('%s', (_name, flags, env, expected) => expect(siteOptions('build', flags, io(env))).toMatchObject(expected));
  it('a bad value is a usage error naming its flag', () =>
    expect(() => siteOptions('build', { base: '/a?b' }, io({}))).toThrow(/^kb build: --base: must be a plain URL path such as \/kb\//));
  it('every flag is a field of the schema, and each command lists its own', () => {
    expect(Object.keys(siteFlags('build')).sort()).toEqual(['allow-secrets', 'base', 'full', 'kb', 'locale', 'strict', 'today', 'trust-html', 'verbose']);
    expect(Object.keys(siteFlags('dev')).sort()).toEqual(['allow-secrets', 'base', 'kb', 'locale', 'today', 'trust-html']);
    for (const key of Object.keys(SITE_OPTION_FLAGS)) expect(Object.keys(kbPortalOptionsSchema.shape)).toContain(key);
  });
});
