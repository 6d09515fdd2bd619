// The MDX trial compile's deadline (checkMdx.ts): an `.mdx` note still compiling when it passes is not given to
// Astro (whose compile nobody could stop); its worker is replaced and the other notes are checked as always. The
// test worker never finishes a body containing HANG, so which notes time out does not depend on the machine's
// speed: the deadline only has to be long enough for a one-line note.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { outputSummary } from '../../src/site/emit/outputSummary.ts';
import { checkMdx } from '../../src/node/site/checkMdx.ts';

const hanging = pathToFileURL(join(import.meta.dirname, 'hangingMdxWorker.mjs'));
// Worker threads run compiled modules (lib/, built by `npm install` and before the tests).
const real = pathToFileURL(join(import.meta.dirname, '../../lib/node/site/checkMdxWorker.js'));

const fine = '# Fine\n\n<Aside>MDX</Aside>\n';
const broken = '# Broken\n\n<Aside>never closed\n';
const ok = { ok: true };
const late = { ok: false, timedOut: true };
const fails = { ok: false, reason: expect.stringMatching(/Aside/) };

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
      expect(await checkMdx(bodies, { deadlineMs: 3000, workerUrl: hanging })).toEqual(verdicts);
    },
    30_000,
  );

  it('the real worker compiles, and names what does not compile', async () => {
    expect(await checkMdx([fine, broken], { deadlineMs: 10_000, workerUrl: real })).toEqual([ok, fails]);
  }, 30_000);

  it('with no deadline the notes are compiled in this thread, with the same verdicts', async () => {
    expect(await checkMdx([fine, broken], { deadlineMs: 0, workerUrl: hanging })).toEqual([ok, fails]);
  });
});

it('the build summary names the MDX notes that hit the deadline', () => {
  const size = { files: 10, bytes: 1000, notes: 2 };
  expect(outputSummary(size, [], { paths: [], mdx: ['a.mdx', 'b/c.mdx'], deadlineMs: 10_000 }).warn).toEqual([
    'kb: 2 MDX notes hit the render deadline (10 s) while compiling and are rendered as Markdown: a.mdx, b/c.mdx',
  ]);
  expect(outputSummary(size, [], { paths: [], mdx: [], deadlineMs: 10_000 }).warn).toEqual([]);
});
