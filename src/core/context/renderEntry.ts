import type { NoteEntry } from '../index/kbIndexSchema.js';
import { countJoined, startsClean } from './countBlocks.js';
import { clip } from './extractExcerpt.js';
import type { StoredNote } from './packParts.js';

/** Which stored blocks of each unit an entry shows (unit index → block indexes, ascending); a line shows none. */
export type EntryPlan = { form: 'line' } | { form: 'sections'; picks: ReadonlyMap<number, readonly number[]> };

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

/** A note's lead: what it stores, else its index description. */
export function leadOf(note: Pick<NoteEntry, 'description'>, stored: Pick<StoredNote, 'lead'>): string {
  return (stored.lead ?? note.description).trim();
}

/** Whether a plan shows every section of the note, whole. */
export function isWhole(stored: StoredNote, plan: EntryPlan): boolean {
  return plan.form === 'sections' && stored.units.every((u, k) => !u.more && (plan.picks.get(k)?.length ?? 0) === u.b.length);
}

/** A block of an entry and, for a stored section's block, its tokens with the blank line after it. */
export interface EntryBlock {
  text: string;
  tokens?: number | undefined;
}

/**
 * One note as a pack shows it, as blocks joined by a blank line: a line, or a heading, its source, the lead
 * and the chosen sections in note order (each label on a line of its own, so every block is counted alone),
 * then what was left out. No tokenizer here (`countEntry` adds the stored counts).
 */
export function entryBlocks(note: NoteEntry, stored: StoredNote, plan: EntryPlan): EntryBlock[] {
  const label = statusLabel(note);
  const lead = leadOf(note, stored);
  if (plan.form === 'line') {
    const line = clip(oneLine(lead || (stored.units[0]?.b[0] ?? '')), BRIEF_CHARS);
    return [{ text: `- ${citation(note)}${label}${line ? ` — ${line}` : ''}` }];
  }
  const blocks: EntryBlock[] = [{ text: `### ${note.title}${label}` }, { text: `Source: \`${note.path}\`` }];
  if (lead) blocks.push({ text: lead });
  stored.units.forEach((u, k) => {
    const picked = plan.picks.get(k) ?? [];
    if (picked.length === 0) return;
    if (u.h !== undefined) blocks.push({ text: `**${u.h}**` });
    for (const b of picked) blocks.push({ text: u.b[b]!, tokens: u.t[b] });
  });
  const cut = leftOut(stored, plan);
  if (cut.length > 0 && stored.units.length === 1 && stored.units[0]!.h === undefined) {
    const u = stored.units[0]!;
    blocks.push({
      text: `_Excerpt: ${plan.picks.get(0)?.length ?? 0} of ${u.b.length}${u.more ? '+' : ''} paragraphs (the full note has ${note.tokens} tokens)._`,
    });
  } else if (cut.length > 0) {
    const names = cut.slice(0, 4).map((h) => `“${h}”`);
    const others = cut.length > 4 ? ` and ${cut.length - 4} more` : '';
    blocks.push({ text: `_Cut at a heading boundary: ${names.join(', ')}${others} (the full note has ${note.tokens} tokens)._` });
  } else if (note.tokens > estimateTokens(blocks) + EXCERPT_SLACK) blocks.push({ text: `_Excerpt: the full note has ${note.tokens} tokens._` });
  return blocks;
}

/**
 * Tokens of an entry with what follows it in a pack (a blank line after a full entry, a newline after a
 * line): each block counted alone (countBlocks.ts), stored sections' counts taken as stored.
 */
export function countEntry(blocks: readonly EntryBlock[], line: boolean, count: (text: string) => number): number {
  if (line) return count(`${blocks[0]!.text}\n`);
  if (!blocks.every((b) => startsClean(b.text)))
    return countJoined(
      blocks.map((b) => b.text),
      '\n\n',
      '\n\n',
      count,
    );
  return blocks.reduce((n, b) => n + (b.tokens ?? count(`${b.text}\n\n`)), 0);
}

/** Sections not shown, or shown in part ("(rest)"), in note order. */
function leftOut(stored: StoredNote, plan: { picks: ReadonlyMap<number, readonly number[]> }): string[] {
  const out: string[] = [];
  stored.units.forEach((u, k) => {
    const shown = plan.picks.get(k)?.length ?? 0;
    const name = u.h ?? 'opening text';
    if (shown === 0) out.push(name);
    else if (shown < u.b.length || u.more) out.push(`${name} (rest)`);
  });
  return out;
}

/** One note as a pack shows it (`entryBlocks` joined). */
export function renderEntry(note: NoteEntry, stored: StoredNote, plan: EntryPlan): string {
  return entryBlocks(note, stored, plan)
    .map((b) => b.text)
    .join('\n\n');
}

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
function estimateTokens(blocks: readonly EntryBlock[]): number {
  return Math.ceil(blocks.reduce((n, b) => n + b.text.length + 2, 0) / 4);
}
