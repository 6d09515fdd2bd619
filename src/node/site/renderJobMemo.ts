// What a live preview (`kb dev`) keeps of the notes' render jobs between its readings of the folder: a saved note's
// job is made again, and so is every job whose inputs may have changed; the others, and their JSON, are reused.
import { createHash } from 'node:crypto';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import { mayHoldFences } from './collectFences.js';
import { noteRenderJob, type RenderJobContext } from './noteRenderJobs.js';
import type { RenderJob } from './renderNotes.js';

interface KeptJob {
  /** The note's body and title, and each embedded note's body, as the job was made from them. */
  body: string;
  title: string;
  embedded: [path: string, body: string][];
  job: RenderJob;
  json: Buffer;
}

export interface RenderJobMemo {
  /** What every job was made against (renderWorld): when it changes, no kept job is reused. */
  world: string;
  jobs: Map<string, KeptJob>;
}

export function createRenderJobMemo(): RenderJobMemo {
  return { world: '', jobs: new Map() };
}

/**
 * What a job depends on besides the Markdown of its note and of the notes it embeds: where every link may lead (the
 * notes with their slugs, titles and aliases, the attachments), the images' sizes, and the renderer's settings.
 */
export function renderWorld(ctx: RenderJobContext): string {
  const { links } = ctx;
  return createHash('sha256')
    .update(JSON.stringify([ctx.rendererHash, ctx.root, ctx.trustHtml, links.targets, links.files, [...ctx.attachmentSizes]]))
    .digest('hex');
}

/**
 * A Markdown note's render job and its JSON, as noteRenderJob makes it: the memo's when the world (renderWorld), the
 * note's body and title and the bodies of the notes it embeds are the same strings as when it was kept. A job whose
 * texts may hold a claimed fence (a query block, a base: their HTML reads the whole folder) is made every time, and
 * so is any job without a memo.
 */
export function memoRenderJob(
  memo: RenderJobMemo | undefined,
  world: string,
  ctx: RenderJobContext,
  note: Pick<NoteEntry, 'path' | 'title'>,
): { job: RenderJob; json: Buffer } {
  const body = ctx.bodies.get(note.path) ?? '';
  const kept = memo?.world === world ? memo.jobs.get(note.path) : undefined;
  if (kept && kept.body === body && kept.title === note.title && kept.embedded.every(([path, text]) => ctx.bodies.get(path) === text))
    return { job: kept.job, json: kept.json };
  const job = noteRenderJob(ctx, note);
  const json = Buffer.from(JSON.stringify(job), 'utf8');
  if (memo) {
    if (memo.world !== world) {
      memo.jobs.clear();
      memo.world = world;
    }
    const embedded = Object.keys(job.embeds).map((path): [string, string] => [path, ctx.bodies.get(path) ?? '']);
    if (mayHoldFences(ctx.fences, [job.markdown, ...Object.values(job.embeds)])) memo.jobs.delete(note.path);
    else memo.jobs.set(note.path, { body, title: note.title, embedded, job, json });
  }
  return { job, json };
}

/** The notes the folder no longer has (or no longer renders as Markdown) leave the memo. */
export function keepRenderJobs(memo: RenderJobMemo | undefined, paths: ReadonlySet<string>): void {
  if (memo) for (const path of memo.jobs.keys()) if (!paths.has(path)) memo.jobs.delete(path);
}
