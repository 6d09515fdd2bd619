import type { NoteEntry } from '../index/kbIndexSchema.js';
import { splitSections, type Section } from './splitSections.js';

/** Where a note's lead came from, in the order they are tried (issue 8, "Excerpts, not whole notes"). */
export type ExcerptKind = 'summary' | 'description' | 'sections' | 'first-paragraph' | 'none';

/** What a pack quotes from a note: a short lead, and for the top entries some whole sections after it. */
export interface NoteExcerpt {
  lead: string;
  /** Sections after the lead, in note order, whole, within DETAIL_CHARS (the first one cut at a block). */
  detail: { heading?: string | undefined; text: string }[];
  /** Headings of the sections left out of `detail`. */
  rest: string[];
}

/** Character caps, so the pack data stays small on a 10,000-note folder. */
export const LEAD_CHARS = 480;
export const DETAIL_CHARS = 640;

// A heading that announces the note's own summary (ARIA's "Compiled Truth", a TL;DR, …).
const SUMMARY_HEADING = /\b(compiled[ -]truth|summary|tl;? ?dr|key (takeaways?|points?)|bottom line|in short|gist)\b/i;
// Headings of the paragraphs a reader needs first in a lesson, decision or pitfall.
const CORE_HEADING =
  /\b(problem|decision|fix|solution|root cause|cause|lesson|learning|takeaway|resolution|what happened|why|rule|pattern|pitfall|gotcha|symptom|context)\b/i;
// Blocks that are not prose: thematic breaks, link-list footers, bare labels, images.
const NOT_PROSE = /^(-{3,}|\*{3,}|_{3,}|!\[[^\]]*\]\([^)]*\)|(relevant notes|topics|related|see also|links|sources?):?)$/i;

/** Pick a note's lead by the order, and the detail a top-ranked entry may add. Pure. */
export function extractExcerpt(note: Pick<NoteEntry, 'title' | 'description' | 'headings'>, body: string): NoteExcerpt & { kind: ExcerptKind } {
  const sections = splitSections(body).map((s) => ({ ...s, blocks: s.blocks.filter(isProse).map(plainLinks) }));
  const used = new Set<string>();
  const take = (s: Section, n: number) => {
    const blocks = s.blocks.slice(0, n);
    for (const b of blocks) used.add(b);
    return blocks.join('\n\n');
  };

  let kind: ExcerptKind = 'none';
  let lead = '';
  const summary = sections.find((s) => s.heading && SUMMARY_HEADING.test(s.heading) && s.blocks.length > 0);
  const firstH1 = sections.find((s) => s.depth === 1)?.heading;
  const hasDescription = note.description !== '' && note.description !== note.title && note.description !== firstH1;
  if (summary) {
    kind = 'summary';
    lead = take(summary, 2);
  } else if (hasDescription) {
    kind = 'description';
    lead = note.description;
  } else {
    const core = sections.filter((s) => s.heading && CORE_HEADING.test(s.heading) && s.blocks.length > 0).slice(0, 3);
    if (core.length > 0) {
      kind = 'sections';
      lead = core.map((s) => `**${s.heading}:** ${take(s, 1)}`).join('\n');
    } else {
      const first = sections.flatMap((s) => s.blocks).find((b) => !/^\s{0,3}(```|~~~)/.test(b));
      if (first) {
        kind = 'first-paragraph';
        lead = first;
        used.add(first);
      }
    }
  }
  lead = clip(lead, LEAD_CHARS);

  const detail: NoteExcerpt['detail'] = [];
  const rest: string[] = [];
  let room = DETAIL_CHARS;
  for (const s of sections) {
    const blocks = s.blocks.filter((b) => !used.has(b));
    const label = s.depth === 1 ? undefined : s.heading;
    if (room <= 0 || blocks.length === 0) {
      if (room <= 0 && s.heading && s.depth !== 1 && blocks.length > 0) rest.push(s.heading);
      continue;
    }
    const text = blocks.join('\n\n');
    if (text.length <= room) {
      detail.push({ heading: label, text });
      room -= text.length;
    } else if (detail.length === 0) {
      // The first section alone is over the cap: keep its leading blocks (a block boundary, said in `rest`).
      detail.push({ heading: label, text: clip(text, room) });
      room = 0;
      if (s.heading && s.depth !== 1) rest.push(`${s.heading} (rest)`);
    } else {
      room = 0;
      if (s.heading && s.depth !== 1) rest.push(s.heading);
    }
  }
  return { kind, lead, detail, rest };
}

function isProse(block: string): boolean {
  return !NOT_PROSE.test(block.trim()) && !/^(\s*[-*]\s*\[\[[^\]]+\]\][^\n]*\n?)+$/.test(block);
}

/** `[[target|label]]` → label, `[[target]]` → target: the words without the link syntax. */
export function plainLinks(text: string): string {
  return text.replace(/\[\[([^\]|\n]+?)(?:\|([^\]\n]+))?\]\]/g, (_m, target: string, label?: string) => label ?? target.replace(/#.*$/, ''));
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
