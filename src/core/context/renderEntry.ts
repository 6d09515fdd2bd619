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
export function citationOf(note: Pick<NoteEntry, 'path' | 'title'>): string {
  const stem = note.path
    .split('/')
    .pop()!
    .replace(/\.mdx?$/i, '');
  return stem === note.title ? `\`${note.path}\`` : `**${note.title}** (\`${note.path}\`)`;
}

/** A note's lead: what it stores, else its description. */
function leadOf(stored: Pick<StoredNote, 'lead' | 'description'>): string {
  return (stored.lead ?? stored.description).trim();
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
export function entryBlocks(stored: StoredNote, plan: EntryPlan): EntryBlock[] {
  if (plan.form === 'line') return [{ text: lineOf(stored) }];
  const blocks: EntryBlock[] = headOf(stored).map((text) => ({ text }));
  let chars = 0;
  stored.units.forEach((u, k) => {
    const picked = plan.picks.get(k) ?? [];
    if (picked.length === 0) return;
    if (u.h !== undefined) blocks.push({ text: `**${u.h}**` });
    for (const b of picked) blocks.push({ text: u.b[b]!, tokens: u.t[b] });
  });
  for (const b of blocks) chars += b.text.length + 2;
  const cut = cutLine(stored, plan, chars);
  if (cut) blocks.push({ text: cut });
  return blocks;
}

const LINES = new WeakMap<StoredNote, string>();

function lineOf(stored: StoredNote): string {
  let line = LINES.get(stored);
  if (line === undefined) {
    const text = clip(oneLine(leadOf(stored) || (stored.units[0]?.b[0] ?? '')), BRIEF_CHARS);
    LINES.set(stored, (line = `- ${citationOf(stored)}${statusLabel(stored)}${text ? ` — ${text}` : ''}`));
  }
  return line;
}

/** An entry's heading, source line and lead. */
function headOf(stored: StoredNote): string[] {
  const lead = leadOf(stored);
  return [`### ${stored.title}${statusLabel(stored)}`, `Source: \`${stored.path}\``, ...(lead ? [lead] : [])];
}

/** What an entry says it left out ('' for nothing); `chars`: the characters it shows, blank lines included. */
function cutLine(stored: StoredNote, plan: { picks: ReadonlyMap<number, readonly number[]> }, chars: number): string {
  const cut = leftOut(stored, plan);
  if (cut.length > 0 && stored.units.length === 1 && stored.units[0]!.h === undefined) {
    const u = stored.units[0]!;
    return `_Excerpt: ${plan.picks.get(0)?.length ?? 0} of ${u.b.length}${u.more ? '+' : ''} paragraphs (the full note has ${stored.tokens} tokens)._`;
  }
  if (cut.length > 0) {
    const names = cut.slice(0, 4).map((h) => `“${h}”`);
    const others = cut.length > 4 ? ` and ${cut.length - 4} more` : '';
    return `_Cut at a heading boundary: ${names.join(', ')}${others} (the full note has ${stored.tokens} tokens)._`;
  }
  // A tokenizer-free estimate (about 4 characters a token), only to decide whether to say "excerpt".
  return stored.tokens > Math.ceil(chars / 4) + EXCERPT_SLACK ? `_Excerpt: the full note has ${stored.tokens} tokens._` : '';
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

const HEADS = new WeakMap<StoredNote, { tokens: number; chars: number } | null>();

/**
 * `countEntry(entryBlocks(stored, plan))` without building the entry: the head counted once per note,
 * stored counts summed, the cut line counted. Plans are tried many times over while a pack is filled.
 */
export function planTokens(stored: StoredNote, plan: EntryPlan, count: (text: string) => number): number {
  if (plan.form === 'line') return count(`${lineOf(stored)}\n`);
  let head = HEADS.get(stored);
  if (head === undefined) {
    const texts = headOf(stored);
    const clean = texts.every(startsClean) && stored.units.every((u) => u.b.every(startsClean));
    HEADS.set(stored, (head = clean ? { tokens: texts.reduce((n, t) => n + count(`${t}\n\n`), 0), chars: texts.reduce((n, t) => n + t.length + 2, 0) } : null));
  }
  // A block that does not start cleanly is counted with its neighbour: the slow path.
  if (head === null) return countEntry(entryBlocks(stored, plan), false, count);
  let tokens = head.tokens;
  let chars = head.chars;
  for (const [k, picked] of plan.picks) {
    if (picked.length === 0) continue;
    const u = stored.units[k]!;
    if (u.h !== undefined) {
      tokens += count(`**${u.h}**\n\n`);
      chars += u.h.length + 6;
    }
    for (const b of picked) {
      tokens += u.t[b]!;
      chars += u.b[b]!.length + 2;
    }
  }
  const cut = cutLine(stored, plan, chars);
  return cut ? tokens + count(`${cut}\n\n`) : tokens;
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
export function renderEntry(stored: StoredNote, plan: EntryPlan): string {
  return entryBlocks(stored, plan)
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
