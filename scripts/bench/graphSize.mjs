#!/usr/bin/env node
// The global graph's file (kb-graph.json) for a generated folder: its size raw and gzipped, and the time to lay it
// out. `node scripts/bench/graphSize.mjs [notes…]` (default 1000 10000); the folders are the bench's own
// (scripts/bench/writeCorpus.ts, under .bench/corpus/).
import { register } from 'tsx/esm/api';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

register();
const { writeCorpus } = await import('./writeCorpus.ts');
const { indexKnowledgeFolder } = await import('../../src/node/indexKnowledgeFolder.ts');
const { createSiteModel } = await import('../../src/core/site/siteModel.ts');
const { siteLinkGraph } = await import('../../src/core/site/siteLinkGraph.ts');
const { buildGlobalGraph } = await import('../../src/core/graph/globalGraph.ts');

const sizes = process.argv.slice(2).map(Number);
for (const notes of sizes.length ? sizes : [1000, 10000]) {
  const dir = join(import.meta.dirname, `../../.bench/corpus/graph-${notes}`);
  writeCorpus(dir, { notes, seed: 1 });
  const { index } = indexKnowledgeFolder(dir);
  const model = createSiteModel(index, { root: '/', siteUrl: undefined, today: '2026-10-15', trustHtml: false });
  const t0 = performance.now();
  const file = JSON.stringify(buildGlobalGraph(siteLinkGraph(model)));
  const ms = performance.now() - t0;
  const graph = JSON.parse(file);
  console.log(
    `${notes} notes: kb-graph.json ${(file.length / 1024).toFixed(0)} kB, gzip ${(gzipSync(file).length / 1024).toFixed(0)} kB; ` +
      `${graph.edges.length / 2} links, ${graph.clusters.length} folder clusters; laid out in ${ms.toFixed(0)} ms`,
  );
}
