import type { NoteEntry } from '../index/kbIndexSchema.js';
import { countTokens } from '../tokens/countTokens.js';
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

/** One note as a pack shows it. Full entries end with what was cut, at a heading boundary. */
export function renderEntry(note: NoteEntry, excerpt: NoteExcerpt, form: EntryForm): string {
  const label = statusLabel(note);
  if (form.kind === 'brief') {
    const lead = clip(excerpt.lead.replace(/\s*\n\s*/g, ' '), BRIEF_CHARS);
    return `- ${citation(note)}${label}${lead ? ` — ${lead}` : ''}`;
  }
  const shown = excerpt.detail.slice(0, form.detail);
  const parts = [`### ${note.title}${label}`, `Source: \`${note.path}\``];
  if (excerpt.lead) parts.push(excerpt.lead);
  for (const d of shown) parts.push(d.heading ? `**${d.heading}** — ${d.text}` : d.text);
  const text = parts.join('\n\n');
  const cut = [...excerpt.detail.slice(form.detail).map((d) => d.heading ?? 'opening text'), ...excerpt.rest];
  const more = Math.max(0, note.tokens - countTokens(text));
  if (cut.length > 0) {
    const names = cut.slice(0, 4).map((h) => `“${h}”`);
    const others = cut.length > 4 ? ` and ${cut.length - 4} more` : '';
    return `${text}\n\n_Cut at a heading boundary: ${names.join(', ')}${others} (≈${more} tokens in the full note)._`;
  }
  return more > 50 ? `${text}\n\n_Excerpt: the full note has ≈${more} more tokens._` : text;
}
