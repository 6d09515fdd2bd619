import type { NoteEntry } from '../index/kbIndexSchema.js';
import { roleOf } from './sectionRoles.js';
import { splitSections, type Section } from './splitSections.js';

/** Where a note's lead came from, in the order they are tried (docs/packs.md: each entry starts with a lead). */
export type ExcerptKind = 'summary' | 'description' | 'first-paragraph' | 'none';

/** A section of a note, its sub-sections folded in: the unit a pack gives or leaves out. */
export interface NoteUnit {
  /** Heading; undefined for the text before the first heading (and under the title). */
  heading?: string | undefined;
  /** Prose blocks, sub-headings as bold lines, wikilinks as plain words. */
  blocks: string[];
}

/** What a pack can quote from a note: a short lead, then its sections. */
export interface NoteExcerpt {
  kind: ExcerptKind;
  lead: string;
  units: NoteUnit[];
}

/** Characters of a lead, so a one-line entry and the head of a full one stay short. */
export const LEAD_CHARS = 480;

// Blocks that are not prose: images, and footers that only point elsewhere or label the note ("Relevant Notes:", "Source: [[x]]").
const NOT_PROSE = /^(!\[[^\]]*\]\([^)]*\)$|(relevant notes|topics|related( notes)?|see also|links|backlinks|sources?|tags)\s*:)/i;
// A thematic break (or a setext underline) on a line of its own.
const RULE = /^\s{0,3}([-*_=])(\s*\1){2,}\s*$/;
// Sections that only point elsewhere or label the note: left out of every pack.
const NOISE = /^(related( notes)?|relevant notes|see also|tags|topics|backlinks)$/i;

/** Pick a note's lead (a summary section, else its description, else its first paragraph) and cut it into units. Pure. */
export function extractExcerpt(note: Pick<NoteEntry, 'title' | 'description'>, body: string): NoteExcerpt {
  const sections = splitSections(body);
  const units = unitsOfSections(sections, note.title);
  const firstH1 = sections.find((s) => s.depth === 1)?.heading;
  const summary = units.find((u) => u.heading !== undefined && roleOf(u.heading) === 'summary' && u.blocks.length > 0);
  if (summary) {
    const lead = summary.blocks.slice(0, 2).join('\n\n');
    summary.blocks = summary.blocks.slice(2);
    return { kind: 'summary', lead: clip(lead, LEAD_CHARS), units: units.filter((u) => u.blocks.length > 0) };
  }
  if (note.description !== '' && note.description !== note.title && note.description !== firstH1) return { kind: 'description', lead: note.description, units };
  const intro = units[0]?.heading === undefined ? units[0] : undefined;
  const first = intro?.blocks.findIndex((b) => !/^\s{0,3}(```|~~~)/.test(b)) ?? -1;
  if (intro && first >= 0 && intro.blocks[first]!.length <= LEAD_CHARS) {
    const lead = intro.blocks.splice(first, 1)[0]!;
    return { kind: 'first-paragraph', lead, units: units.filter((u) => u.blocks.length > 0) };
  }
  return { kind: 'none', lead: '', units };
}

/**
 * A body's units: the text before the first heading (the title's `#` heading counts as none), then one unit
 * per heading at the shallowest depth used, deeper headings folded into their unit as bold lines.
 */
export function unitsOf(body: string, title: string): NoteUnit[] {
  return unitsOfSections(splitSections(body), title);
}

function unitsOfSections(sections: readonly Section[], title: string): NoteUnit[] {
  // The title's `#` heading: the first one naming the note, else the only `#` heading (wherever it stands: some
  // notes open with a summary section above it).
  const h1 = sections.map((s, k) => (s.depth === 1 ? k : -1)).filter((k) => k >= 0);
  const titleAt = h1.find((k) => sections[k]!.heading === title) ?? (h1.length === 1 ? h1[0] : -1);
  const isTitle = (k: number) => k === titleAt;
  const depth = Math.min(7, ...sections.filter((s, k) => s.heading !== undefined && !isTitle(k)).map((s) => s.depth));
  const units: NoteUnit[] = [];
  let current: NoteUnit | undefined;
  let skipping = false;
  sections.forEach((s, k) => {
    const blocks = s.blocks.map(withoutRules).filter(isProse).map(plainLinks);
    if (s.heading === undefined || isTitle(k)) {
      current = units[0]?.heading === undefined && units.length > 0 ? units[0] : undefined;
      if (!current) units.unshift((current = { blocks: [] }));
      current.blocks.push(...blocks);
      skipping = false;
      return;
    }
    const heading = plainLinks(s.heading);
    if (s.depth <= depth || !current) {
      skipping = NOISE.test(heading.replace(/:$/, ''));
      if (skipping) return;
      units.push((current = { heading, blocks }));
      return;
    }
    if (skipping) return;
    if (blocks.length > 0) current.blocks.push(`**${heading}**`, ...blocks);
  });
  return units.filter((u) => u.blocks.length > 0);
}

/** A block without the rules around it ('' when it is nothing else). */
function withoutRules(block: string): string {
  const lines = block.split('\n');
  while (lines.length > 0 && RULE.test(lines[0]!)) lines.shift();
  while (lines.length > 0 && RULE.test(lines[lines.length - 1]!)) lines.pop();
  return lines.join('\n').trim();
}

function isProse(block: string): boolean {
  return block !== '' && !NOT_PROSE.test(block) && !isLinkList(block);
}

/**
 * A block that is only a list of wikilinks (`- [[a]]` on every line), read line by line: the one-regex form
 * `^(\s*[-*]\s*\[\[…\]\][^\n]*\n?)+$` backtracked exponentially on a long line of `- [[a]]` before a last line
 * that is not one.
 */
function isLinkList(block: string): boolean {
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => LINK_ITEM.test(line));
}

const LINK_ITEM = /^\s*[-*]\s*\[\[[^\]\n]{1,300}\]\]/;

/** `[[target|label]]` → label, `[[target]]` → target: the words without the link syntax. */
export function plainLinks(text: string): string {
  return text.replace(/\[\[([^[\]|\n]{1,300}?)(?:\|([^\]\n]{1,300}))?\]\]/g, (_m, target: string, label?: string) => label ?? target.replace(/#.*$/, ''));
}

/** At most `max` characters, cut after the last sentence (or block, or word) end that fits. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const cuts = [head.lastIndexOf('\n\n'), ...['. ', '! ', '? ', '.\n'].map((p) => head.lastIndexOf(p) + 1)].filter((i) => i > max * 0.4);
  const at = cuts.length ? Math.max(...cuts) : head.lastIndexOf(' ');
  const cut = head.slice(0, at > 0 ? at : max).trimEnd();
  const closed = closeSpans(cut);
  if (closed === cut) return `${cut} …`;
  // A span had to go: end at the last line or sentence before it rather than mid-phrase.
  const end = Math.max(closed.lastIndexOf('\n'), closed.lastIndexOf('. ') + 1);
  return `${(end > max * 0.4 ? closed.slice(0, end) : closed).trimEnd()} …`;
}

/** Cut text back to before a code fence, code span or bold run it opened but did not close, so the cut renders. */
function closeSpans(text: string): string {
  let out = text;
  const fences = [...out.matchAll(/^\s{0,3}(```|~~~)/gm)];
  if (fences.length % 2 === 1) out = out.slice(0, fences[fences.length - 1]!.index).trimEnd();
  const spans = out.replace(/```|~~~/g, '');
  if ((spans.match(/`/g) ?? []).length % 2 === 1) out = out.slice(0, out.lastIndexOf('`')).trimEnd();
  if ((out.match(/\*\*/g) ?? []).length % 2 === 1) out = out.slice(0, out.lastIndexOf('**')).trimEnd();
  return out;
}
