import { parseNote } from '../document/noteTokens.js';
import { stripComments } from '../model/stripComments.js';
import { wikilinksOutsideCode, type Wikilink } from './parseWikilink.js';

/** A link as written in a note's body, with its 1-based line in the body. */
export type ScannedLink = { kind: 'wikilink'; line: number; link: Wikilink } | { kind: 'link' | 'image'; line: number; href: string };

/**
 * Every wikilink, embed, Markdown link and image of a body outside code, math, raw HTML and `%% comments %%`,
 * from the note parser's tokens (noteTokens.ts), so it is what the page links: what `kb check` reports, which
 * attachments are published and what a note's cached HTML depends on. A link reference definition
 * (`[ref]: url`) is reported once, on its own line, where the address can be fixed, not at each `[x][ref]` that
 * uses it; autolinks (`<https://…>`) name no file and are left out, and this parse links no bare `www.`.
 */
export function scanLinks(body: string): ScannedLink[] {
  const out: ScannedLink[] = [];
  let line = 0; // the 0-based line of the innermost block seen (a table cell's text has none of its own)
  const { tokens, definitions } = parseNote(stripComments(body), 'links');
  for (const d of definitions) out.push({ kind: 'link', line: d.line + 1, href: d.href });
  for (const t of tokens) {
    if (t.map) line = t.map[0];
    if (t.type !== 'inline') continue;
    const found: ScannedLink[] = [];
    if (t.content.includes('[['))
      t.content.split('\n').forEach((text, k) => {
        for (const w of wikilinksOutsideCode(text)) found.push({ kind: 'wikilink', line: line + k + 1, link: w.link });
      });
    let at = line; // the line a child token starts on: each line break, and those inside raw HTML, moves it on
    for (const c of t.children ?? []) {
      if (c.type === 'softbreak' || c.type === 'hardbreak') at++;
      else if (c.type === 'html_inline') at += lineBreaks(c.content);
      else if ((c.meta as { reference?: boolean } | null)?.reference)
        continue; // its definition is reported
      else if (c.type === 'link_open' && c.markup !== 'autolink') found.push({ kind: 'link', line: at + 1, href: c.attrGet('href') ?? '' });
      else if (c.type === 'image') found.push({ kind: 'image', line: at + 1, href: c.attrGet('src') ?? '' });
    }
    out.push(...found);
  }
  // In the order written: line by line, a line's wikilinks before its other links (the sort is stable).
  return out.sort((a, b) => a.line - b.line || rank(a) - rank(b));
}

const rank = (l: ScannedLink) => (l.kind === 'wikilink' ? 0 : 1);

function lineBreaks(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
