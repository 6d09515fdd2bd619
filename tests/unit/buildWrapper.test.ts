// `npm run build` stages the new site beside the output folder and swaps it in (scripts/build.mjs): an output on
// another file system (a tmpfs such as /dev/shm) builds, a failed build leaves the previous output as it was.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'tests/fixtures/site-basic');
// Another file system than the working directory's, when the machine has one.
const shm = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(root).dev ? '/dev/shm' : tmpdir();
const work = mkdtempSync(join(shm, 'kb-build-wrapper-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the build; records every name seen in the output's parent folder while it runs. */
function build(out: string, ...flags: string[]): Promise<{ status: number; log: string; seen: Set<string> }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/build.mjs', '--out', out, '--today', '2026-10-15', ...flags], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let log = '';
    child.stdout.on('data', (d) => (log += String(d)));
    child.stderr.on('data', (d) => (log += String(d)));
    const seen = new Set<string>();
    const poll = setInterval(() => readdirSync(join(out, '..')).forEach((n) => seen.add(n)), 50);
    child.on('close', (status) => {
      clearInterval(poll);
      done({ status: status ?? 1, log, seen });
    });
  });
}

describe('the build wrapper', () => {
  it(
    `builds into a folder on ${shm === '/dev/shm' ? 'another file system (/dev/shm)' : 'the temp folder'}, staged beside it`,
    { timeout: 300_000 },
    async () => {
      const out = join(work, 'site');
      const first = await build(out, '--kb', fixture);
      expect(first.status, first.log).toBe(0);
      expect(existsSync(join(out, 'index.html'))).toBe(true);
      expect(
        [...first.seen].some((n) => /^\.site\.kb-staging-\d+$/.test(n)),
        `staging beside the output: ${[...first.seen].join(', ')}`,
      ).toBe(true);
      // Nothing is left beside it once the swap is done (the old output is removed in the background).
      await expect.poll(() => readdirSync(work).filter((n) => n !== 'site'), { timeout: 60_000 }).toEqual([]);
    },
  );

  it('a failed build leaves the previous output as it was', { timeout: 300_000 }, async () => {
    const out = join(work, 'site');
    const before = statSync(join(out, 'index.html')).ino;
    const broken = join(work, 'broken-kb');
    cpSync(fixture, broken, { recursive: true });
    writeFileSync(join(broken, 'kb.config.yaml'), 'title: [unclosed\n');
    const failed = await build(out, '--kb', broken);
    expect(failed.status).not.toBe(0);
    expect(failed.log).toMatch(/kb\.config\.yaml:\d+: not valid YAML/);
    expect(failed.log).toMatch(/left as it was/);
    expect(statSync(join(out, 'index.html')).ino).toBe(before);
    expect(readdirSync(work).filter((n) => n.includes('kb-staging'))).toEqual([]);
  });

  it('an empty knowledge folder stops the build with one clear line', { timeout: 120_000 }, async () => {
    const empty = join(work, 'empty-kb');
    mkdirSync(empty);
    const failed = await build(join(work, 'other'), '--kb', empty);
    expect(failed.status).not.toBe(0);
    expect(failed.log).toMatch(/no notes found in .*empty-kb \(0 files seen\) — is --kb/);
    expect(failed.log).not.toMatch(/Stack trace/);
  });

  it('a missing knowledge folder is a usage error before Astro starts', async () => {
    const missing = await build(join(work, 'other'), '--kb', join(work, 'no-such-folder'));
    expect(missing.status).toBe(2);
    expect(missing.log).toMatch(/no knowledge folder at .*no-such-folder — is --kb \(or KB_DIR\) right\?/);
    expect(missing.log).not.toMatch(/astro|Stack trace/i);
  });
});
