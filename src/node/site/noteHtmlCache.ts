import type { MdxNoteData } from '../../markdown/parseMdx.js';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedNote } from '../../markdown/createNoteRenderer.js';
import { writeFileAtomic } from '../writeFileAtomic.js';

// Rendered notes live on disk, one JSON file per key (the HTML and what the page needs to know about it), in
// the build's cache folder (one per output folder): not in memory, where 10,000 notes would hold 127 MB. A warm
// rebuild renders only the notes whose key changed. A note that hit the render deadline is kept as
// `<key>.timeout.json` (its Markdown as text): a page finds it there, but the next build does not count it as
// rendered and tries it again.

/**
 * What a note's HTML depends on: the pipeline's code and options, the Markdown, where each of its links leads
 * (and the title it shows), the Markdown of every note it embeds (at any depth), the sizes of its images.
 */
export interface NoteHtmlInputs {
  /** A hash of the renderer's code and packages (rendererCodeHash): new code never reuses older HTML. */
  version: string;
  base: string;
  trustHtml: boolean;
  /** One entry per link of the note and of the notes it embeds, naming what it resolves to (`''` when nothing). */
  links: readonly string[];
  markdown: string;
  /** Embedded notes' Markdown, by path. */
  embeds?: Readonly<Record<string, string>> | undefined;
  /** Image sizes, by path. */
  sizes?: Readonly<Record<string, { width: number; height: number }>> | undefined;
  /** The HTML of its claimed fenced blocks (a base's rows), by key. */
  fences?: Readonly<Record<string, string>> | undefined;
  /** An `.mdx` note read as data: its frontmatter and title (src/markdown/parseMdx.ts). */
  mdx?: MdxNoteData | undefined;
}

export function noteHtmlKey(inputs: NoteHtmlInputs): string {
  const sorted = <T>(r: Readonly<Record<string, T>> | undefined) => Object.entries(r ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const head = JSON.stringify([inputs.version, inputs.base, inputs.trustHtml, inputs.links, sorted(inputs.sizes)]);
  const hash = createHash('sha256').update(head).update('\0').update(inputs.markdown);
  for (const [path, md] of sorted(inputs.embeds)) hash.update(`\0${path}\0`).update(md);
  for (const [key, html] of sorted(inputs.fences)) hash.update(`\0f\0${key}\0`).update(html);
  if (inputs.mdx) hash.update('\0mdx\0').update(JSON.stringify(inputs.mdx));
  return hash.digest('hex').slice(0, 32);
}

export function hasNoteHtml(dir: string, key: string): boolean {
  return existsSync(join(dir, `${key}.json`));
}

export function readNoteHtml(dir: string, key: string): RenderedNote | undefined {
  return readEntry(join(dir, `${key}.json`)) ?? readEntry(join(dir, `${key}.timeout.json`));
}

function readEntry(file: string): RenderedNote | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RenderedNote;
  } catch {
    return undefined;
  }
}

/** Written beside its final name and renamed, so a reader never sees half a file. */
export function writeNoteHtml(dir: string, key: string, rendered: RenderedNote, tag: string | number = process.pid): void {
  writeFileAtomic(join(dir, `${key}.json`), JSON.stringify(rendered), String(tag));
}

/** What a note that hit the render deadline shows (timedOutNote.ts), until a build renders it. */
export function writeTimedOutNoteHtml(dir: string, key: string, shown: RenderedNote): void {
  writeFileAtomic(join(dir, `${key}.timeout.json`), JSON.stringify(shown), String(process.pid));
}

/** Removes every cached file the current build does not use (deleted and edited notes). */
export function pruneNoteHtml(dir: string, keep: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (!keep.has(name.slice(0, name.indexOf('.')))) rmSync(join(dir, name), { force: true });
}
