import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

/** Section order in llms.txt: by note type, the types agents load most first, then the rest. */
const SECTION_ORDER = ['decision', 'lesson', 'pattern', 'pitfall', 'approach', 'guide', 'reference'];

export interface LlmsTxtInput {
  index: KbIndex;
  /** Absolute or root-relative URL of a note's `.md` version. */
  mdUrl: (slug: string) => string;
}

/** `llms.txt` in the llmstxt.org format: H1, summary blockquote, H2 sections of `- [title](url): description`. */
export function renderLlmsTxt({ index, mdUrl }: LlmsTxtInput): string {
  const out = [`# ${oneLine(index.title)}`, '', `> ${oneLine(index.description ?? `Team knowledge base: ${index.notes.length} notes.`)}`, ''];
  out.push('Each link is the Markdown source of one note. `kb-index.json` lists every note with its tags; `index.md` is the tag index.', '');
  for (const [section, notes] of groupBySection(index.notes)) {
    out.push(`## ${section}`, '');
    for (const n of notes) out.push(`- [${escapeLinkText(n.title)}](${mdUrl(n.slug)}): ${oneLine(n.description)}`);
    out.push('');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

/** `llms-full.txt`: the same notes with their full text, one after the other. */
export function renderLlmsFullTxt(index: KbIndex, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): string {
  return [...llmsFullTxtChunks(index, bodies, mdUrl)].join('');
}

/**
 * `llms-full.txt` in pieces, one per note, so the site can stream it: at 100,000 notes it is 700 MB, more
 * than one JavaScript string may hold. Joined, the pieces are `renderLlmsFullTxt`'s text.
 */
export function* llmsFullTxtChunks(index: KbIndex, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): Generator<string> {
  // Every piece holds more than newlines, so trimming the last one trims the whole text.
  let held = `# ${oneLine(index.title)}\n\n> ${oneLine(index.description ?? `Team knowledge base: ${index.notes.length} notes.`)}\n\n`;
  for (const [section, notes] of groupBySection(index.notes)) {
    yield held;
    held = `## ${section}\n\n`;
    for (const n of notes) {
      yield held;
      held = `### ${oneLine(n.title)}\n\nSource: ${mdUrl(n.slug)}\nTags: ${n.tags.join(', ') || '(none)'}\n\n${(bodies.get(n.path) ?? '').trim()}\n\n`;
    }
  }
  yield `${held.replace(/\n+$/, '')}\n`;
}

function groupBySection(notes: readonly NoteEntry[]): [string, NoteEntry[]][] {
  const map = new Map<string, NoteEntry[]>();
  for (const n of notes) {
    const key = n.tier === 'team-shared' ? 'Team-shared' : n.type ? capitalise(n.type) + 's' : 'Notes';
    const list = map.get(key);
    if (list) list.push(n);
    else map.set(key, [n]);
  }
  const rank = (k: string) => {
    const i = SECTION_ORDER.findIndex((t) => `${capitalise(t)}s` === k);
    return i === -1 ? SECTION_ORDER.length : i;
  };
  return [...map.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || compareStrings(a, b))
    .map(([k, v]) => [k, v.sort((a, b) => compareStrings(a.path, b.path))]);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(s: string): string {
  return oneLine(s).replace(/[[\]\\]/g, (c) => `\\${c}`);
}
