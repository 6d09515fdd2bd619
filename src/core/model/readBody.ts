/** What the note model takes from a Markdown body: first `#` heading, all headings, wikilinks. */
export interface BodyFacts {
  firstH1?: string | undefined;
  headings: string[];
  wikilinks: string[];
}

const FENCE = /^\s{0,3}(```|~~~)/; // a fenced code block opens or closes
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/; // ATX heading: hashes, space, text, optional closing hashes
const WIKILINK = /\[\[([^\]|#\n]+)(?:#[^\]|\n]*)?(?:\|[^\]\n]*)?\]\]/g; // [[target#section|label]]

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
    if (h) {
      const textOf = h[2]!.trim();
      headings.push(textOf);
      if (h[1] === '#' && firstH1 === undefined) firstH1 = textOf;
    }
    for (const m of line.matchAll(WIKILINK)) links.add(m[1]!.trim());
  }
  return { firstH1, headings, wikilinks: [...links].sort() };
}
