/** What the note model takes from a Markdown body: first `#` heading, all headings, wikilinks. */
export interface BodyFacts {
  firstH1?: string | undefined;
  headings: string[];
  wikilinks: string[];
}

const FENCE = /^\s{0,3}(```|~~~)/; // a fenced code block opens or closes
const HEADING = /^(#{1,6})[ \t]+(.*)$/; // ATX heading: 1-6 hashes, space, the rest (closing hashes removed below)
// [[target#section|label]]; each part is bounded so a run of `[[` without `]]` stays linear
const WIKILINK = /\[\[([^\]|#\n]{1,300})(?:#[^\]|\n]{0,300})?(?:\|[^\]\n]{0,300})?\]\]/g;

export function readBody(body: string): BodyFacts {
  const headings: string[] = [];
  const links = new Set<string>();
  let firstH1: string | undefined;
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const h = HEADING.exec(line);
    const textOf = h ? headingText(h[2]!) : '';
    if (h && textOf !== '') {
      headings.push(textOf);
      if (h[1] === '#' && firstH1 === undefined) firstH1 = textOf;
    }
    for (const m of line.matchAll(WIKILINK)) links.add(m[1]!.trim());
  }
  return { firstH1, headings, wikilinks: [...links].sort() };
}

/**
 * A heading's text without its optional closing hashes (`## Title ##`). Written as a scan, not a regex:
 * `(.+?)\s*#*\s*$` backtracks quadratically on a long run of spaces.
 */
function headingText(rest: string): string {
  const text = rest.trim();
  let i = text.length;
  while (i > 0 && text[i - 1] === '#') i--;
  if (i === text.length || (i > 0 && text[i - 1] !== ' ' && text[i - 1] !== '\t')) return text;
  return text.slice(0, i).trim();
}
