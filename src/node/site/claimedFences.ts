// Fenced blocks a module renders (```base blocks, and the embed of a canvas or base): rendered before the note is,
// in the build's own thread where the site's data is, and handed to the note's render job by key. The HTML is
// part of the note's cache key, so a note whose base shows other rows is rendered again.
import { fencedBlocks } from './markdownAdapter.js';

/** Renders the blocks of the languages it claims; undefined for a block it leaves as code. */
export interface FenceRenderer {
  langs: ReadonlySet<string>;
  render(lang: string, text: string, from: string): string | undefined;
}

/** The key of one block's HTML in a render job: the note it is in, its language, its text. */
export function fenceKey(from: string, lang: string, text: string): string {
  return `${from}\0${lang}\0${text}`;
}

/** The HTML of every claimed block in these texts (a note's Markdown and what it embeds), by key; undefined when none. */
export function collectFences(
  renderer: FenceRenderer | undefined,
  texts: readonly (readonly [from: string, markdown: string])[],
): Record<string, string> | undefined {
  if (!renderer) return undefined;
  let out: Record<string, string> | undefined;
  for (const [from, markdown] of texts) {
    // Most notes hold no fence of a claimed language: a substring test spares parsing them.
    if (!(markdown.includes('```') || markdown.includes('~~~'))) continue;
    const lower = markdown.toLowerCase();
    if (![...renderer.langs].some((l) => lower.includes(l))) continue;
    for (const { lang, text } of fencedBlocks(markdown, renderer.langs)) {
      const html = renderer.render(lang, text, from);
      if (html !== undefined) (out ??= {})[fenceKey(from, lang, text)] = html;
    }
  }
  return out;
}
