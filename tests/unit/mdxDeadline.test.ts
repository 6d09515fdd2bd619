// The MDX trial compile's deadline (checkMdx.ts): an `.mdx` note still compiling when it passes is not given to
// Astro (whose compile nobody could stop); its worker is replaced and the other notes are checked as always. The
// test worker never finishes a body containing HANG and says so on a broadcast channel; the deadline's timer is a
// fake one that passes only on that signal. So which notes time out never depends on the machine's speed: a note
// that compiles, however slowly, is never timed out, and a note that hangs always is.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outputSummary } from '../../src/site/emit/outputSummary.ts';
import { checkMdx } from '../../src/node/site/checkMdx.ts';
import { cachedMdxVerdicts, MDX_VERDICTS_FILE, mdxVerdictKey } from '../../src/node/site/cachedMdxVerdicts.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { tempDir } from './foundationSupport.ts';

const hanging = pathToFileURL(join(import.meta.dirname, 'hangingMdxWorker.mjs'));
// Worker threads run compiled modules (lib/, built by `npm install` and before the tests).
const real = pathToFileURL(join(import.meta.dirname, '../../lib/node/site/checkMdxWorker.js'));

const fine = '# Fine\n\n<Aside>MDX</Aside>\n';
const broken = '# Broken\n\n<Aside>never closed\n';
const ok = { ok: true };
const late = { ok: false, timedOut: true };
const fails = { ok: false, reason: expect.stringMatching(/Aside/) };

// checkMdx arms one deadline at a time, for the note it just posted: when the worker says it hangs on that note,
// the deadline passes. Until then no time passes at all, so a slow compile never meets its deadline.
const hangs = new BroadcastChannel('kb-test-mdx-hang'); // HANG_CHANNEL in hangingMdxWorker.mjs
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  hangs.onmessage = () => vi.runOnlyPendingTimers();
});
afterAll(() => {
  hangs.close();
  vi.useRealTimers();
});

describe('checkMdx with a deadline', () => {
  it.each([
    ['nothing to check', [], []],
    ['one note that hangs among others', [fine, 'HANG', broken, fine], [ok, late, fails, ok]],
    ['the first note hangs', ['HANG first', fine], [late, ok]],
    ['the last note hangs (no worker left to start)', [fine, 'HANG last'], [ok, late]],
    ['every note hangs', ['HANG 1', 'HANG 2'], [late, late]],
  ])(
    '%s',
    async (_name, bodies, verdicts) => {
      expect(await checkMdx(bodies, { deadlineMs: 10_000, workerUrl: hanging })).toEqual(verdicts);
    },
    120_000,
  );

  it('the real worker compiles, and names what does not compile', async () => {
    expect(await checkMdx([fine, broken], { deadlineMs: 10_000, workerUrl: real })).toEqual([ok, fails]);
  }, 120_000);

  it('with no deadline the notes are compiled in this thread, with the same verdicts', async () => {
    expect(await checkMdx([fine, broken], { deadlineMs: 0, workerUrl: hanging })).toEqual([ok, fails]);
  });
});

describe('the verdicts kept from one build to the next (cachedMdxVerdicts)', () => {
  const kept = (dir: string) => JSON.parse(readFileSync(join(dir, MDX_VERDICTS_FILE), 'utf8')) as Record<string, unknown>;

  it('compiles what the file does not hold, keeps it, and answers from the file next time', async () => {
    const dir = tempDir();
    const options = { deadlineMs: 10_000, workerUrl: hanging };
    expect(await cachedMdxVerdicts(dir, 'code-1', [fine, broken], options)).toEqual([ok, fails]);
    expect(Object.keys(kept(dir)).sort()).toEqual([mdxVerdictKey('code-1', false, fine), mdxVerdictKey('code-1', false, broken)].sort());
    // What the file says is what a build reads: a verdict planted under a note's key is the answer, with no compile.
    writeFileSync(join(dir, MDX_VERDICTS_FILE), JSON.stringify({ ...kept(dir), [mdxVerdictKey('code-1', false, fine)]: { ok: false, reason: 'kept' } }));
    expect(await cachedMdxVerdicts(dir, 'code-1', [fine, broken], options)).toEqual([{ ok: false, reason: 'kept' }, fails]);
  }, 120_000);

  it.each([
    ['another compiler (code key)', 'code-2', false, fine],
    ['--trust-html', 'code-1', true, fine],
    ['an edited body', 'code-1', false, `${fine}\nmore\n`],
  ])('misses on %s, and keeps only this build’s verdicts', async (_what, code, trust, body) => {
    const dir = tempDir();
    await cachedMdxVerdicts(dir, 'code-1', [fine], { deadlineMs: 0 });
    writeFileSync(join(dir, MDX_VERDICTS_FILE), JSON.stringify({ [mdxVerdictKey('code-1', false, fine)]: { ok: false, reason: 'kept' } }));
    expect(await cachedMdxVerdicts(dir, code, [body], { deadlineMs: 0, trust })).toEqual([ok]);
    expect(Object.keys(kept(dir))).toEqual([mdxVerdictKey(code, trust, body)]);
  });

  it('a note with data is keyed by its data too', () => {
    const a = { body: fine, data: { frontmatter: { n: 1 }, title: 'A' } };
    expect(mdxVerdictKey('c', false, a)).not.toBe(mdxVerdictKey('c', false, { ...a, data: { frontmatter: { n: 2 }, title: 'A' } }));
    expect(mdxVerdictKey('c', false, a)).not.toBe(mdxVerdictKey('c', false, fine));
  });

  it('never keeps a compile stopped at the deadline (it depends on the machine): the next build tries it again', async () => {
    const dir = tempDir();
    expect(await cachedMdxVerdicts(dir, 'code-1', [fine, 'HANG kept?'], { deadlineMs: 10_000, workerUrl: hanging })).toEqual([ok, late]);
    expect(Object.keys(kept(dir))).toEqual([mdxVerdictKey('code-1', false, fine)]);
  }, 120_000);

  it.each([
    ['not JSON', '{"'],
    ['not verdicts', JSON.stringify({ x: { ok: 'yes' } })],
  ])('a file that is %s is read as empty, and written again', async (_what, text) => {
    const dir = tempDir();
    writeFileSync(join(dir, MDX_VERDICTS_FILE), text);
    expect(await cachedMdxVerdicts(dir, 'code-1', [broken], { deadlineMs: 0 })).toEqual([fails]);
    expect(Object.keys(kept(dir))).toEqual([mdxVerdictKey('code-1', false, broken)]);
  });
});

it('the build summary names the MDX notes that hit the deadline', () => {
  const size = { files: 10, bytes: 1000, notes: 2 };
  expect(outputSummary(size, [], { paths: [], mdx: ['a.mdx', 'b/c.mdx'], deadlineMs: 10_000 }).warn).toEqual([
    'kb: 2 MDX notes hit the render deadline (10 s) while compiling and are rendered as Markdown: a.mdx, b/c.mdx',
  ]);
  expect(outputSummary(size, [], { paths: [], mdx: [], deadlineMs: 10_000 }).warn).toEqual([]);
});
