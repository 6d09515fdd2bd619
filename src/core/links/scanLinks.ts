import { fenceAfter } from '../model/codeFence.js';
import { withoutCodeSpans } from '../model/readBody.js';
import { stripComments } from '../model/stripComments.js';
import { findWikilinks, type Wikilink } from './parseWikilink.js';

/** A link as written in a note's body, with its 1-based line in the body. */
export type ScannedLink = { kind: 'wikilink'; line: number; link: Wikilink } | { kind: 'link' | 'image'; line: number; href: string; text: string };

const MATH_FENCE = /^\s{0,3}\$\$/; // a display-math block opens or closes
// !? [ text, one level of nested brackets ] ( <dest> | dest with one level of parens, optional "title" )
const MD_LINK =
  /(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\]){0,500})\]\(\s*(<[^<>\n]{0,1000}>|(?:[^\s()<>]|\([^\s()]{0,200}\)){0,1000})(?:\s+(?:"[^"\n]{0,300}"|'[^'\n]{0,300}'|\([^)\n]{0,300}\)))?\s*\)/g;
const DEFINITION = /^\s{0,3}\[(?!\^)[^\]\n]{1,300}\]:\s*(<[^<>\n]{0,1000}>|\S{1,1000})/; // [label]: destination (not a footnote)

/**
 * Every wikilink, embed, Markdown link and image of a body, line by line, outside code, math and
 * `%% comments %%`: what `kb check` reports and what a note's cached HTML depends on. A line scan, not a
 * parse, so checking 10,000 notes stays fast; the renderer reports the same links from its syntax tree.
 */
export function scanLinks(body: string): ScannedLink[] {
  const out: ScannedLink[] = [];
  let fence: string | undefined;
  let inMath = false;
  const lines = stripComments(body).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const step = fenceAfter(fence, line);
    fence = step.open;
    if (step.code) continue;
    if (MATH_FENCE.test(line)) {
      const rest = line.trim().slice(2);
      if (!(rest.endsWith('$$') && rest.length >= 2)) inMath = !inMath; // `$$x$$` on one line opens nothing
      continue;
    }
    if (inMath) continue;
    const text = withoutCodeSpans(line);
    const wikis = findWikilinks(text);
    for (const w of wikis) out.push({ kind: 'wikilink', line: i + 1, link: w.link });
    const rest = wikis.length ? blank(text, wikis) : text;
    const def = DEFINITION.exec(rest);
    if (def) out.push({ kind: 'link', line: i + 1, href: unwrap(def[1]!), text: '' });
    else if (rest.includes(']('))
      for (const m of rest.matchAll(MD_LINK)) out.push({ kind: m[1] ? 'image' : 'link', line: i + 1, href: unwrap(m[3]!), text: m[2]! });
  }
  return out;
}

const unwrap = (dest: string) => (dest.startsWith('<') ? dest.slice(1, -1) : dest).replace(/\\([()])/g, '$1');

/** The text with the found wikilinks replaced by spaces, so `[[a]](b)` is not read twice. */
function blank(text: string, found: readonly { start: number; end: number }[]): string {
  let out = '';
  let from = 0;
  for (const f of found) {
    out += text.slice(from, f.start) + ' '.repeat(f.end - f.start);
    from = f.end;
  }
  return out + text.slice(from);
}
