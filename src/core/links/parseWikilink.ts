/**
 * `[[target#heading|label]]` and `![[target#^block]]` split into their parts, as Obsidian reads them:
 * the target is a path or a name (`.md` optional), `#` starts a heading (`#a#b` names the sub-heading `b`),
 * `#^id` a block, `|` the text to show. Tables escape the pipe (`[[a\|b]]`); both forms are read.
 */
export interface Wikilink {
  /** The note or file named; `''` for a link into the same note (`[[#Heading]]`). */
  target: string;
  heading?: string | undefined;
  blockId?: string | undefined;
  /** The text given after `|`, when there is one. */
  label?: string | undefined;
  /** Written `![[…]]`: the target is transcluded (a note) or shown (an image). */
  embed: boolean;
}

// [[ target? (#…)? (|label)? ]]: each part bounded so a run of `[[` without `]]` stays linear.
const INNER = /^([^\]|#\n]{0,300})((?:#[^\]|\n]{0,300})?)(?:\|([^\]\n]{0,300}))?$/;

export function parseWikilink(inner: string, embed = false): Wikilink | undefined {
  const m = INNER.exec(inner.replace(/\\\|/g, '|'));
  if (!m) return undefined;
  const target = m[1]!.trim();
  const hash = m[2]!
    .slice(1)
    .split('#')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  const blockId = hash?.startsWith('^') ? hash.slice(1) : undefined;
  const heading = hash && !blockId ? hash : undefined;
  const label = m[3]?.trim() || undefined;
  if (!target && !heading && !blockId) return undefined;
  return { target, heading, blockId, label, embed };
}

/** Every wikilink in a stretch of text with where it starts and ends (text positions, not lines). */
export function findWikilinks(text: string): { start: number; end: number; link: Wikilink }[] {
  const out: { start: number; end: number; link: Wikilink }[] = [];
  if (!text.includes('[[')) return out;
  // !? [[ up to 900 chars without `]` or newline ]]
  for (const m of text.matchAll(/(!?)\[\[([^\]\n]{1,900})\]\]/g)) {
    const link = parseWikilink(m[2]!, m[1] === '!');
    if (link) out.push({ start: m.index, end: m.index + m[0].length, link });
  }
  return out;
}
