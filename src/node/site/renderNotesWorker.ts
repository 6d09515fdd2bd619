// A worker thread of the note render pool (renderNotes.ts): renders batches of Markdown into the HTML cache.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { rendererFor } from './noteRenderer.js';
import { writeNoteHtml } from './noteHtmlCache.js';
import type { RenderJob, RenderSetup } from './renderNotes.js';

const setup = workerData as RenderSetup;
const render = rendererFor(setup);

parentPort!.on('message', (jobs: RenderJob[]) => {
  for (const job of jobs) writeNoteHtml(setup.dir, job.key, render(job), `${process.pid}-${threadId}`);
  parentPort!.postMessage(jobs.map((j) => j.key));
});
