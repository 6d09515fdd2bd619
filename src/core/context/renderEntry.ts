import type { NoteEntry } from '../index/kbIndexSchema.js';
import { clip, type NoteExcerpt } from './extractExcerpt.js';

/** How much of a note an entry shows: a lead plus `detail` whole sections, or a one-line brief. */
export type EntryForm = { kind: 'full'; detail: number } | { kind: 'brief' };

/** Characters of the lead a one-line entry keeps. */
export const BRIEF_CHARS = 240;

/** `[deprecated]`, `[superseded by …]`, `[draft]`; '' for active notes. */
export function statusLabel(note: Pick<NoteEntry, 'status' | 'supersededBy'>): string {
  if (note.status === 'deprecated') return ' [deprecated]';
  if (note.status === 'superseded') return ` [superseded by ${note.supersededBy ?? 'a newer note'}]`;
  if (note.status === 'draft') return ' [draft]';
  return '';
}

/** The path alone when the file name already is the title (saves tokens), else title and path. */
function citation(note: Pick<NoteEntry, 'path' | 'title'>): string {
  const stem = note.path
    .split('/')
    .pop()!
    .replace(/\.mdx?$/i, '');
  return stem === note.title ? `\`${note.path}\`` : `**${note.title}** (\`${note.path}\`)`;
}

/**
 * One note as a pack shows it, as blocks joined by a blank line. Full entries end with what was cut,
 * at a heading boundary. No tokenizer here: buildPackData counts each form once (`entryTokens`).
 */
export function entryBlocks(note: NoteEntry, excerpt: NoteExcerpt, form: EntryForm): string[] {
  const label = statusLabel(note);
  const lead = excerpt.lead.trim();
  if (form.kind === 'brief') {
    const line = clip(oneLine(lead), BRIEF_CHARS);
    return [`- ${citation(note)}${label}${line ? ` — ${line}` : ''}`];
  }
  const blocks = [`### ${note.title}${label}`, `Source: \`${note.path}\``];
  if (lead) blocks.push(lead);
  for (const d of excerpt.detail.slice(0, form.detail)) {
    const text = d.text.trim();
    // A section that opens with a list, code or quote keeps its label on a line of its own.
    if (!d.heading) blocks.push(text);
    else if (BLOCK_START.test(text)) blocks.push(`**${d.heading}**`, text);
    else blocks.push(`**${d.heading}** — ${text}`);
  }
  const cut = [...excerpt.detail.slice(form.detail).map((d) => d.heading ?? 'opening text'), ...excerpt.rest];
  if (cut.length > 0) {
    const names = cut.slice(0, 4).map((h) => `“${h}”`);
    const others = cut.length > 4 ? ` and ${cut.length - 4} more` : '';
    blocks.push(`_Cut at a heading boundary: ${names.join(', ')}${others} (the full note has ${note.tokens} tokens)._`);
  } else if (note.tokens > estimateTokens(blocks) + EXCERPT_SLACK) blocks.push(`_Excerpt: the full note has ${note.tokens} tokens._`);
  return blocks;
}

/** One note as a pack shows it (`entryBlocks` joined). */
export function renderEntry(note: NoteEntry, excerpt: NoteExcerpt, form: EntryForm): string {
  return entryBlocks(note, excerpt, form).join('\n\n');
}

// Markdown that must start a line: a fence, list item, quote, table row or heading.
const BLOCK_START = /^(```|~~~|[-*+]\s|\d+[.)]\s|>|\||#)/;

/** A lead as one line of prose: code blocks dropped, list markers removed, lines joined. */
function oneLine(lead: string): string {
  let inFence = false;
  const prose = lead.split('\n').filter((line) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence) return true;
    return false;
  });
  return prose
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/** Tokens shown beyond which an uncut entry still says it is an excerpt. */
const EXCERPT_SLACK = 50;

// A tokenizer-free estimate (about 4 characters a token), only to decide whether to say "excerpt".
function estimateTokens(blocks: readonly string[]): number {
  return Math.ceil(blocks.reduce((n, b) => n + b.length + 2, 0) / 4);
}
