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
  const opening = fenceOpening(renderer.langs);
  for (const [from, markdown] of texts) {
    // Most notes hold no fence of a claimed language: a line test spares parsing them (a fence in a list or a quote
    // opens after its markers, so the test allows them; the parser decides).
    if (!opening.test(markdown)) continue;
    for (const { lang, text } of fencedBlocks(markdown, renderer.langs)) {
      const html = renderer.render(lang, text, from);
      if (html !== undefined) (out ??= {})[fenceKey(from, lang, text)] = html;
    }
  }
  return out;
}

/** Whether any of these texts may hold a claimed block (its HTML then depends on more than the texts: a query's answer). */
export function mayHoldFences(renderer: FenceRenderer | undefined, texts: readonly string[]): boolean {
  if (!renderer) return false;
  const opening = fenceOpening(renderer.langs);
  return texts.some((markdown) => opening.test(markdown));
}

const openings = new WeakMap<ReadonlySet<string>, RegExp>();

/** A line that may open a fence of one of `langs` (``` or ~~~, then the language, case-insensitive). */
function fenceOpening(langs: ReadonlySet<string>): RegExp {
  let re = openings.get(langs);
  if (!re) {
    const names = [...langs].map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    re = new RegExp(`^[ \\t>*+\\d.-]*(?:\`{3,}|~{3,})[ \\t]*(?:${names})(?![\\w-])`, 'im');
    openings.set(langs, re);
  }
  return re;
}
