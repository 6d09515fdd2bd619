// The note render pipeline timed in isolation: per-note cost with and without syntax highlighting
// on a generated folder, plus the cost of the per-build link work (link targets, broken-link check, render
// jobs with their cache keys). Run: npx tsx scripts/bench/renderCost.ts [--notes 10000] [--sample 2000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.ts';
import { noteRenderJob } from '../../src/node/site/noteRenderJobs.ts';
import { prepareFixture } from '../../tests/unit/preparedSite.ts';
import { writeCorpus } from './writeCorpus.ts';

const { values } = parseArgs({ options: { notes: { type: 'string' }, sample: { type: 'string' } } });
const notes = Number(values.notes ?? 10000);
const sample = Number(values.sample ?? 2000);
const dir = mkdtempSync(join(tmpdir(), 'kb-render-cost-'));
try {
  writeCorpus(dir, { notes, seed: 1 });
  let t = performance.now();
  const site = await prepareFixture(dir);
  const siteMs = performance.now() - t;
  t = performance.now();
  const jobs = site.model.index.notes.map((n) => noteRenderJob(site.jobContext, n));
  const jobMs = performance.now() - t;
  const step = Math.max(1, Math.floor(jobs.length / sample));
  const picked = jobs.filter((_, i) => i % step === 0).slice(0, sample);
  const withCode = picked.filter((j) => /^```(ts|python|sql|yaml|sh|json)/m.test(j.markdown)).length;
  // Per note, after one unmeasured pass over the sample (a build renders thousands of notes a thread, so its
  // code is compiled by then): the median (what the target names) and the mean (the long notes weigh in it).
  const time = (highlight: boolean) => {
    const render = createNoteRenderer({ trustHtml: false, resolver: site.links.resolver, paths: createSitePaths('/'), highlight });
    const once = (j: (typeof picked)[number]) => render({ path: j.path, markdown: j.markdown, lookup: (p) => j.embeds[p], size: (p) => j.sizes[p] });
    for (const j of picked) once(j);
    const ms = picked.map((j) => {
      const start = performance.now();
      once(j);
      return performance.now() - start;
    });
    const sorted = [...ms].sort((a, b) => a - b);
    return { median: sorted[sorted.length >> 1]!, mean: ms.reduce((a, b) => a + b, 0) / ms.length };
  };
  const setupStart = performance.now();
  createNoteRenderer({ trustHtml: false, resolver: site.links.resolver, paths: createSitePaths('/') })({ path: 'x.md', markdown: '```ts\nx\n```' });
  const setupMs = performance.now() - setupStart;
  const off = time(false);
  const on = time(true);
  console.log(`notes ${site.model.index.notes.length}; sampled ${picked.length} (${withCode} with a fenced code block)`);
  console.log(
    `site data (index + link targets + broken-link check + attachment plan): ${(siteMs / 1000).toFixed(1)} s; broken links: ${site.brokenLinks.length}`,
  );
  console.log(`render jobs with cache keys (scan links, embeds): ${(jobMs / 1000).toFixed(2)} s for ${jobs.length} notes`);
  console.log(
    `render per note, median: ${off.median.toFixed(2)} ms without highlighting, ${on.median.toFixed(2)} ms with; ` +
      `mean: ${off.mean.toFixed(2)} ms without, ${on.mean.toFixed(2)} ms with (+${(((on.mean - off.mean) / off.mean) * 100).toFixed(1)}%)`,
  );
  console.log(`highlighter set-up (once per thread, first highlighted note): ${setupMs.toFixed(0)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
