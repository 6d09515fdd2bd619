// A rebuild renders only the pages whose inputs changed and links the rest from the previous output
// (src/runtime/changedRoutes.ts, scripts/build.mjs). Whatever it skips, its output must be byte for byte
// the output of a full build of the same folder: the test edits a body, a title others link to and a tag,
// rebuilds, and compares with `--full`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'kb-incremental-'));
const kb = join(work, 'kb');
const incremental = join(work, 'incremental');
const full = join(work, 'full');

function build(out: string, ...flags: string[]): string {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--kb', kb, '--out', out, '--today', '2026-10-15', ...flags], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout + r.stderr;
}

/** Every file under dir, relative path → sha256. */
function tree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    files.map((e) => {
      const abs = join(e.parentPath, e.name);
      return [abs.slice(dir.length + 1), createHash('sha256').update(readFileSync(abs)).digest('hex')] as const;
    }),
  );
}

function edit(rel: string, change: (text: string) => string): void {
  const file = join(kb, rel);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const out of [incremental, full]) {
    const cache = join(root, '.kb-build', 'cache', createHash('sha256').update(out).digest('hex').slice(0, 12));
    rmSync(cache, { recursive: true, force: true });
  }
});

describe('incremental site build', () => {
  it('renders only what changed and equals a full build byte for byte', { timeout: 600_000 }, () => {
    cpSync(join(root, 'content'), kb, { recursive: true });
    const first = build(incremental);
    expect(first).not.toMatch(/unchanged pages kept/);
    const before = tree(incremental);
    const inodes = new Map([...before.keys()].map((page) => [page, statSync(join(incremental, page)).ino]));

    edit('approaches/caching-with-redis.md', (t) => `${t}\nOne more paragraph about cache stampedes.\n`);
    edit('decisions/007-webhook-inbox-table.md', (t) =>
      t.replace('title: "ADR 007: Webhook inbox table with a unique event id"', 'title: "ADR 007: Inbox table for webhooks"'),
    );
    edit('decisions/001-django-monolith-for-payments.md', (t) => t.replace(/^tags: \[/m, 'tags: [incremental-probe, '));
    const second = build(incremental);
    const kept = Number(/kb: (\d+) unchanged pages kept/.exec(second)?.[1] ?? 0);
    build(full, '--full');

    const after = tree(incremental);
    const expected = tree(full);
    expect([...after.keys()].sort()).toEqual([...expected.keys()].sort());
    const differing = [...expected].filter(([file, hash]) => after.get(file) !== hash).map(([file]) => file);
    expect(differing).toEqual([]);

    // Most pages were kept (the same file, linked from the previous output); the ones the edits touch were rendered again.
    expect(kept).toBeGreaterThan(50);
    const ino = (page: string) => statSync(join(incremental, page)).ino;
    for (const page of [
      'notes/approaches/caching-with-redis/index.html',
      'notes/decisions/007-webhook-inbox-table/index.html',
      'notes/decisions/004-synchronous-webhook-handling/index.html', // superseded by 007, named by its title
      'notes/projects/pay/lessons/2026-08-double-refunds-postmortem/index.html', // 007 in its backlinks
      'tags/webhooks/index.html', // lists 007 by title
    ]) {
      expect(after.get(page), page).not.toBe(before.get(page));
      expect(ino(page), page).not.toBe(inodes.get(page));
    }
    expect(existsSync(join(incremental, 'tags/incremental-probe/index.html'))).toBe(true);
    // (Each note's `.md` is written by the integration on every build, not rendered by Astro: only its bytes are compared.)
    for (const page of ['notes/references/glossary/index.html', 'tags/deployment/index.html']) expect(ino(page), page).toBe(inodes.get(page));

    // A page the manifest expects is gone from the output (someone deleted it): the next build renders everything.
    rmSync(join(incremental, 'notes/references/glossary/index.html'));
    const third = build(incremental);
    expect(third).toMatch(/rendering every page/);
    const repaired = tree(incremental);
    expect([...expected].filter(([file, hash]) => repaired.get(file) !== hash)).toEqual([]);
  });
});
