// Notes shaped to make a parser quadratic (cmark's test/pathological_tests.py cut to a note's size, and the
// same shapes for our own syntax): each goes through kb index, kb check, kb context and kb search, and the
// facts readers, and the site's note renderer, and must finish (each took 1-2 s with Node's start-up on a shared 2-core machine; before, a data
// URI took minutes and `[[` x 100,000 12 s). vitest's timeout is the hang guard, not a speed target.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readBody } from '../../src/core/model/readBody.js';
import { splitSections } from '../../src/core/context/splitSections.js';
import { headingsOf, sectionOf } from '../../src/mcp/noteSection.js';
import { captureIo, tempDir } from './foundationSupport.js';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.js';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.js';
import { createSitePaths } from '../../src/core/site/sitePaths.js';

const render = createNoteRenderer({
  trustHtml: false,
  resolver: createLinkResolver({ notes: [{ path: 'odd.md', slug: 'odd', title: 'Odd', aliases: [] }] }),
  paths: createSitePaths('/'),
});
import { PATHOLOGICAL_NOTES } from '../../scripts/bench/pathologicalNotes.js';

// The hang guard, not a speed target: each shape takes 0.1–5 s alone, and 31 s was seen with the machine loaded
// (npm run bench times them: scripts/bench/pathologicalFolder.ts). Only a note that never finishes meets it.
const HANG_GUARD_MS = 180_000;

describe.each(Object.entries(PATHOLOGICAL_NOTES))('a pathological note: %s', (_name, make) => {
  const body = make();
  it(
    'the body readers finish',
    () => {
      expect(() => {
        readBody(body);
        splitSections(body);
        sectionOf(body, headingsOf(body)[0]?.text ?? 'x');
      }).not.toThrow();
    },
    HANG_GUARD_MS,
  );
  it(
    'the site renderer finishes (markdown-it parses in linear time; nesting past 64 inline levels is shown flat)',
    () => {
      expect(() => render({ path: 'odd.md', markdown: body, lookup: (p) => (p === 'odd.md' ? body : undefined) })).not.toThrow();
    },
    HANG_GUARD_MS,
  );
  it(
    'kb index, check, context and search finish and name the note',
    async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'ordinary.md'), '---\ntags: [alpha]\n---\n# Ordinary\n\nRefunds are retried.\n');
      writeFileSync(join(dir, 'odd.md'), body);
      const env = { HOME: tempDir(), KB_NO_CACHE: '1' };
      for (const args of [['index'], ['check'], ['context', '--task', 'refunds retried'], ['search', 'refunds']]) {
        const io = captureIo(dir, env);
        const code = await main([...args, '--kb', dir], io);
        expect([0, 1], `${args[0]}: ${io.stderr.join('\n')}`).toContain(code);
        if (args[0] === 'index') expect(io.stdout.join('\n')).toMatch(/^Notes indexed: 2 /m);
      }
    },
    HANG_GUARD_MS,
  );
});

it('holds the 53 shapes', () => expect(Object.keys(PATHOLOGICAL_NOTES).length).toBe(53));
