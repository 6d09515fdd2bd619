import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@mdx-js/mdx';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import { hasNoteHtml, noteHtmlDir, pruneNoteHtml } from './noteHtmlCache.js';
import { noteRenderJob, renderSetup, renderWorkers } from './noteHtml.js';
import { renderNotes, type RenderJob } from './renderNotes.js';
import { describeBuild, getSiteData, type SiteData } from './siteData.js';
import { sitePackData } from './sitePackData.js';

export { withoutTitleHeading } from './noteHtml.js';

/**
 * A collection entry (id: the note's slug): how its body renders, nothing else. The page takes the note's
 * fields, backlinks and successor from the index the loader read (getSiteData), so they are not held twice:
 * Astro keeps every entry's data in memory and inlines its whole data store into the build's bundle (with
 * the rendered HTML it was 127 MB at 10,000 notes).
 */
export interface NoteCollectionData {
  /** The note's path, the key into the index. */
  path: string;
  /** How the body was rendered: Markdown (sanitised unless trusted) or MDX (a `.mdx` file). */
  renderedAs: 'md' | 'mdx';
  /** Markdown only: the cache key of its rendered HTML (src/node/site/noteHtml.ts). */
  htmlKey?: string | undefined;
}

/**
 * Astro content loader over the kb pipeline: the notes collection holds exactly the notes the CLI
 * indexes. A note with broken YAML is kept (with its warning) instead of failing the build; only
 * errors (bad config, alias chains and collisions) and, under --strict, warnings stop it.
 * `.md` notes are rendered by our own pipeline (renderNoteHtml.ts) into an HTML cache on disk, in worker
 * threads that keep running while Astro bundles; the store holds only their data and cache key.
 * `.mdx` is compiled by @astrojs/mdx.
 */
export function kbNotesLoader(): Loader {
  return {
    name: 'kb-notes',
    load: async (ctx) => {
      const site = getSiteData();
      for (const line of describeBuild(site)) ctx.logger.info(line);
      const dir = noteHtmlDir();
      const keep = new Set<string>();
      const keys = new Set<string>();
      const jobs: RenderJob[] = [];
      for (const note of site.index.notes) {
        keep.add(note.slug);
        const job = await storeNote(ctx, site, note);
        if (!job) continue;
        keys.add(job.key);
        if (!hasNoteHtml(dir, job.key)) jobs.push(job);
      }
      for (const id of ctx.store.keys()) if (!keep.has(id)) ctx.store.delete(id);
      pruneNoteHtml(dir, keys);
      const workers = renderWorkers(jobs.length);
      ctx.logger.info(
        `kb: rendering ${jobs.length} of ${keys.size} Markdown notes${jobs.length && workers ? ` in ${workers} worker threads` : ''} (the others are cached)`,
      );
      const done = renderNotes(renderSetup(site, dir), jobs, { workers, workerUrl: new URL('src/node/site/renderNotesWorker.mjs', ctx.config.root) });
      done.catch((err: unknown) => ctx.logger.error(`kb: rendering notes failed: ${err instanceof Error ? err.message : String(err)}`));
      // The pack data (the ranker's index over every body) is built in another thread while Astro bundles.
      void sitePackData(site.index, site.bodies, new URL('src/node/site/packDataWorker.mjs', ctx.config.root));
    },
  };
}

/** Stores one note's page data; for a `.md` note, returns what renders its HTML. */
async function storeNote(ctx: LoaderContext, site: SiteData, note: NoteEntry): Promise<RenderJob | undefined> {
  const asMdx = note.format === 'mdx' && (await compilesAsMdx(ctx, site, note));
  const job = asMdx ? undefined : noteRenderJob(site, note);
  const data: NoteCollectionData = { path: note.path, renderedAs: asMdx ? 'mdx' : 'md', ...(job ? { htmlKey: job.key } : {}) };
  const filePath = relative(fileURLToPath(ctx.config.root), resolve(site.kbDir, note.path)).split('\\').join('/');
  const body = asMdx ? (site.bodies.get(note.path) ?? '') : '';
  const digest = ctx.generateDigest({ body, data: JSON.stringify(data) });
  const previous = ctx.store.get(note.slug);
  if (asMdx) {
    if (previous?.digest === digest && previous.deferredRender)
      ctx.store.addModuleImport(filePath); // the MDX module map is rebuilt every sync
    else ctx.store.set({ id: note.slug, data: { ...data }, filePath, digest, deferredRender: true });
  } else if (previous?.digest !== digest) {
    ctx.store.set({ id: note.slug, data: { ...data }, digest });
  }
  return job;
}

/**
 * An `.mdx` note that would not compile (broken YAML, a JSX syntax error) is rendered as plain
 * Markdown with a warning instead of failing the whole build.
 */
async function compilesAsMdx(ctx: LoaderContext, site: SiteData, note: NoteEntry): Promise<boolean> {
  if (note.warnings.some((w) => /not valid YAML|not a set of/.test(w))) {
    ctx.logger.warn(`${note.path}: frontmatter is broken, so the MDX is shown as plain Markdown.`);
    return false;
  }
  try {
    await compile(site.bodies.get(note.path) ?? '');
    return true;
  } catch (err) {
    ctx.logger.warn(`${note.path}: MDX does not compile (${(err as Error).message.split('\n')[0]}); shown as plain Markdown.`);
    return false;
  }
}
