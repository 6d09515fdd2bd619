// The body of a render pool worker thread (renderNotesWorker.ts; a test's worker passes a renderer of its own).
import { parentPort, threadId, workerData, type MessagePort } from 'node:worker_threads';
import type { RenderedNote } from '../../markdown/createNoteRenderer.js';
import { threadStatPath } from '../threadCpuClock.js';
import { writeNoteHtml } from './noteHtmlCache.js';
import type { RenderJob, RenderSetup } from './renderNotes.js';

/** What renderNotes hands each worker: the setup, and the port the worker reports each note's start and end on. */
export interface RenderWorkerData {
  setup: RenderSetup;
  progress: MessagePort;
}

/** A worker's report: it started the batch's note `start`, or finished note `end`; first, where its CPU time is read. */
export type RenderProgress = { start: number } | { end: number } | { thread: string };

/** Renders each batch the pool posts into the HTML cache, one note after the other, reporting each one's start and end. */
export function serveRenderJobs(rendererFor: (setup: RenderSetup) => (job: RenderJob) => RenderedNote): void {
  const { setup, progress } = workerData as RenderWorkerData;
  const render = rendererFor(setup);
  const report = (p: RenderProgress) => progress.postMessage(p);
  const thread = threadStatPath();
  if (thread) report({ thread });
  parentPort!.on('message', (jobs: RenderJob[]) => {
    jobs.forEach((job, i) => {
      report({ start: i });
      writeNoteHtml(setup.dir, job.key, render(job), renderTempTag(threadId));
      report({ end: i });
    });
  });
}

/** The temporary-file tag of a worker's cache writes, so the pool can remove the one a stopped worker left. */
export const renderTempTag = (thread: number) => `${process.pid}-${thread}`;
