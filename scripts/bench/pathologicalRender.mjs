#!/usr/bin/env node
// How long the site's note renderer takes on each shape of scripts/bench/pathologicalNotes.ts, in one process.
//   node scripts/bench/pathologicalRender.mjs [name filter]
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
register();
const { PATHOLOGICAL_NOTES } = await import('./pathologicalNotes.ts');
const { createNoteRenderer } = await import('../../src/markdown/createNoteRenderer.ts');
const { createLinkResolver } = await import('../../src/core/links/createLinkResolver.ts');
const { createSitePaths } = await import('../../src/core/site/sitePaths.ts');
const render = createNoteRenderer({
  trustHtml: false,
  resolver: createLinkResolver({ notes: [{ path: 'odd.md', slug: 'odd', title: 'Odd', aliases: [] }], files: [] }),
  paths: createSitePaths('/'),
});
const only = process.argv[2];
for (const [name, make] of Object.entries(PATHOLOGICAL_NOTES)) {
  if (only && !name.includes(only)) continue;
  const md = make();
  const t0 = performance.now();
  let r = 'ok';
  try {
    render({ path: 'odd.md', markdown: md, lookup: (p) => (p === 'odd.md' ? md : undefined) });
  } catch (e) {
    r = 'ERR ' + String(e.message).slice(0, 60);
  }
  console.log(name.padEnd(42), Math.round(performance.now() - t0), 'ms', r);
}
