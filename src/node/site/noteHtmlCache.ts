import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../writeFileAtomic.js';

// Rendered note HTML lives on disk, one file per key, in the build's cache folder (one per output folder): not
// in memory, where 10,000 notes would hold 127 MB. A warm rebuild renders only the notes whose key changed.

/** What a note's HTML depends on: the pipeline's code, its options, the Markdown, where its wikilinks lead. */
export interface NoteHtmlInputs {
  /** A hash of the renderer's code and packages (rendererCodeHash): new code never reuses older HTML. */
  version: string;
  base: string;
  trustHtml: boolean;
  /** The slug each of the note's wikilinks resolves to (`''` when it does not). */
  links: readonly string[];
  markdown: string;
}

export function noteHtmlKey(inputs: NoteHtmlInputs): string {
  const head = JSON.stringify([inputs.version, inputs.base, inputs.trustHtml, inputs.links]);
  return createHash('sha256').update(head).update('\0').update(inputs.markdown).digest('hex').slice(0, 32);
}

export function readNoteHtml(dir: string, key: string): string | undefined {
  try {
    return readFileSync(join(dir, `${key}.html`), 'utf8');
  } catch {
    return undefined;
  }
}

/** Written beside its final name and renamed, so a reader never sees half a file. */
export function writeNoteHtml(dir: string, key: string, html: string, tag: string | number = process.pid): void {
  writeFileAtomic(join(dir, `${key}.html`), html, String(tag));
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
