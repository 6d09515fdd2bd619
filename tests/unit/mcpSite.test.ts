// kb mcp --site: a published portal's emitted files (the ones the query island reads) answer query, search,
// context, read_note and list_tags exactly as the knowledge folder they were built from does. The sample folder is
// built into a temporary dist/, served on loopback under a base path (tests/e2e/serveStatic.mjs), and read both
// by URL and as a local dist/ path.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT, fixture, tempDir } from './foundationSupport.js';
import { cli, ROOT, startServer, texts, TODAY, type Server } from './mcpSupport.js';

let dist: string;
let local: Server;
let byUrl: Server;
let byPath: Server;
let http: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The static server's URL once it says it listens (its first line), never after a fixed time. */
async function serve(dir: string, base: string): Promise<string> {
  const port = await freePort();
  const server = spawn(process.execPath, [join(ROOT, 'tests/e2e/serveStatic.mjs'), dir, String(port), base], { stdio: ['ignore', 'pipe', 'inherit'] });
  http = server;
  await new Promise<void>((resolve, reject) => {
    server.stdout.once('data', () => resolve());
    server.once('exit', (code) => reject(new Error(`the static server exited (${code}) before it listened`)));
  });
  server.stdout.resume();
  return `http://127.0.0.1:${port}${base}`;
}

beforeAll(async () => {
  dist = join(tempDir(), 'dist');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--kb', CONTENT, '--out', dist, '--today', '2026-10-15'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  expect(build.status, build.stderr).toBe(0);
  const url = await serve(dist, '/wiki/');
  [local, byUrl, byPath] = await Promise.all([
    startServer(['--kb', CONTENT, '--today', TODAY]),
    startServer(['--site', url, '--today', TODAY]),
    startServer(['--site', dist, '--today', TODAY]),
  ]);
}, 600_000);

afterAll(() => {
  http?.kill();
  rmSync(join(ROOT, '.kb-build', 'cache', createHash('sha256').update(dist).digest('hex').slice(0, 12)), { recursive: true, force: true });
});

describe.each([
  ['query', { tags: 'rn' }],
  ['query', { tags: 'api AND pagination' }],
  ['query', { tags: 'pay' }],
  ['query', { tags: 'graphql' }],
  ['search', { keyword: 'webhook' }],
  ['search', { tag: 'api', keyword: 'cursor' }],
  ['search', { category: 'performance-issues' }],
  ['context', { task: 'Fix duplicate Stripe webhook deliveries', repo: 'payments-api' }],
  ['context', { task: 'Add cursor pagination to refunds', project: 'pay', include: ['decisions', 'pitfalls'], maxTokens: 3000 }],
  ['context', { note: 'decisions/005-cursor-pagination.md' }],
  ['context', { note: 'projects/pay/lessons/2026-08-double-refunds-postmortem.md', task: 'Retry failed refunds', maxTokens: 2000 }],
  ['read_note', { path: 'decisions/005-cursor-pagination.md' }],
  ['read_note', { path: 'guides/reading-the-dashboards.mdx', section: 'webhooks' }],
  ['read_note', { path: 'repos/payments-api/_project-knowledge/2026-09-12-webhook-idempotency.md' }],
  ['list_tags', {}],
  ['list_tags', { prefix: 'p' }],
  ['query', { tags: 'api', maxTokens: 1000 }],
])('--site %s %j', (tool, args) => {
  it('answers as the knowledge folder does (by URL under a base path, and as a dist/ folder)', async () => {
    const expected = await local.call(tool, args);
    expect(expected.isError).toBeFalsy();
    // A cursor names the snapshot it was cut from (a folder's stamp, a site's index): the same page, another cursor.
    const sameCursor = (blocks: string[]) => blocks.map((b) => b.replace(/"cursor": "[\w-]+"/, '"cursor": "…"'));
    for (const site of [byUrl, byPath]) {
      const answer = await site.call(tool, args);
      expect(sameCursor(texts(answer))).toEqual(sameCursor(texts(expected)));
      expect(answer._meta === undefined).toBe(expected._meta === undefined);
    }
  });
});

describe('--site: what a portal cannot do', () => {
  it('lists no discover tool (it reads this machine’s codebases)', async () => {
    const { tools } = await byUrl.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['query', 'search', 'context', 'read_note', 'list_tags']);
  });
  it('a private or unknown note is an unknown path', async () => {
    const result = await byUrl.call('read_note', { path: 'guides/internal/salaries.md' });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toContain('guides/internal/salaries.md: no such note in the knowledge base.');
  });
  it('the configured packs are its prerendered packs', async () => {
    const { resources } = await byUrl.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual((await local.client.listResources()).resources.map((r) => r.uri));
  });
  it('a URL that serves no portal: a tool error that says so, and the server keeps running', async () => {
    const nowhere = await startServer(['--site', `http://127.0.0.1:${await freePort()}/`, '--today', TODAY]);
    const result = await nowhere.call('query', { tags: 'api' });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/kb-index\.json: /);
    expect((await nowhere.client.listTools()).tools).toHaveLength(5);
  });
});

describe('--site: a tampered index cannot lead outside the site', () => {
  it('a slug with .. is refused, nothing outside is read', async () => {
    const root = tempDir();
    const site = join(root, 'site');
    writeFileSync(join(root, 'outside.md'), 'SECRET OUTSIDE THE SITE');
    await cli(['index', '--kb', fixture('flat-vault'), '--out', site]);
    const index = JSON.parse(readFileSync(join(site, 'kb-index.json'), 'utf8'));
    index.notes[0].slug = '../../outside';
    writeFileSync(join(site, 'kb-index.json'), JSON.stringify(index));
    const server = await startServer(['--site', site, '--today', TODAY]);
    const result = await server.call('read_note', { path: index.notes[0].path });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toContain('not a file of the site');
    expect(texts(result).join('')).not.toContain('SECRET');
  });
});
