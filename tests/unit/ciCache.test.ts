// A CI publish is warm (docs/publishing.md): the recipes cache `.kb-build/cache/` and the last output between runs.
// Here the cache is saved and restored with tar, as CI caches do (new inodes, times kept to the second), one note is
// edited, and the next build must keep the unchanged pages, render one note, and equal a fresh full build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'kb-ci-cache-'));
const kb = join(work, 'kb');
const out = join(work, 'site', 'dist');
const fresh = join(work, 'fresh', 'dist');
const cacheOf = (dir: string) => join(root, '.kb-build', 'cache', createHash('sha256').update(dir).digest('hex').slice(0, 12));

function build(dir: string, ...flags: string[]): string {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--kb', kb, '--out', dir, '--today', '2026-10-15', ...flags], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout + r.stderr;
}

function tar(args: string[]): void {
  const r = spawnSync('tar', args, { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

function tree(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const abs = join(e.parentPath, e.name);
        return [relative(dir, abs), createHash('sha256').update(readFileSync(abs)).digest('hex')] as const;
      }),
  );
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const dir of [out, fresh]) rmSync(cacheOf(dir), { recursive: true, force: true });
});

describe('a CI publish with the recipe caches restored', () => {
  it('keeps the unchanged pages and renders only the edited note', { timeout: 900_000 }, () => {
    cpSync(join(root, 'content'), kb, { recursive: true });
    build(out);
    // The job ends: the CI cache packs the build's caches and the output; the next job starts without them.
    const archive = join(work, 'ci-cache.tgz');
    tar(['-czf', archive, '-C', '/', relative('/', cacheOf(out)), relative('/', out)]);
    rmSync(cacheOf(out), { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    mkdirSync(join(work, 'site'), { recursive: true });
    tar(['-xzf', archive, '-C', '/']);

    const note = join(kb, 'approaches/caching-with-redis.md');
    writeFileSync(note, `${readFileSync(note, 'utf8')}\nOne more paragraph written in the next commit.\n`);
    const log = build(out);
    expect(Number(/kb: (\d+) unchanged pages kept/.exec(log)?.[1] ?? 0)).toBeGreaterThan(50);
    expect(log).toMatch(/kb: rendering 1 of \d+ Markdown notes/);

    build(fresh, '--full');
    const after = tree(out);
    expect([...tree(fresh)].filter(([file, hash]) => after.get(file) !== hash).map(([file]) => file)).toEqual([]);
  });
});
