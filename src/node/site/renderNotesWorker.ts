// A worker thread of the note render pool (renderNotes.ts): renders batches of Markdown into the HTML cache.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { createWikilinkResolver } from '../../core/site/resolveWikilink.js';
import { createSitePaths } from '../../core/site/sitePaths.js';
import { writeNoteHtml } from './noteHtmlCache.js';
import type { RenderJob, RenderSetup } from './renderNotes.js';
import { createNoteRenderer } from './renderNoteHtml.js';

const setup = workerData as RenderSetup;
const render = createNoteRenderer({
  trustHtml: setup.trustHtml,
  resolveWikilink: createWikilinkResolver(setup.targets),
  paths: createSitePaths(setup.base),
});

parentPort!.on('message', (jobs: RenderJob[]) => {
  for (const job of jobs) writeNoteHtml(setup.dir, job.key, render(job.markdown), `${process.pid}-${threadId}`);
  parentPort!.postMessage(jobs.map((j) => j.key));
});
