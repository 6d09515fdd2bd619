// A worker thread of the note render pool (renderNotes.ts): renders batches of Markdown into the HTML cache.
import { rendererFor } from './noteRenderer.js';
import { serveRenderJobs } from './serveRenderJobs.js';

serveRenderJobs(rendererFor);
