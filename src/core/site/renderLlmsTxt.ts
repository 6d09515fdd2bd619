import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

/** Section order in llms.txt: by note type, the types agents load most first, then the rest. */
const SECTION_ORDER = ['decision', 'lesson', 'pattern', 'pitfall', 'approach', 'guide', 'reference'];

export interface LlmsTxtInput {
  index: KbIndex;
  /** Absolute or root-relative URL of a note's `.md` version (or its page, when the site has no `.md` files). */
  mdUrl: (slug: string) => string;
  /** The full text's files, when it is split (llmsFullParts): listed in a `## Full text` section. */
  fullText?: readonly { url: string; title: string; notes: number }[] | undefined;
  /** What each link is: default the note's Markdown source. */
  linkKind?: 'markdown' | 'page' | undefined;
}

/** `llms.txt` in the llmstxt.org format: H1, summary blockquote, H2 sections of `- [title](url): description`. */
export function renderLlmsTxt({ index, mdUrl, fullText, linkKind = 'markdown' }: LlmsTxtInput): string {
  const out = [`# ${oneLine(index.title)}`, '', `> ${oneLine(index.description ?? `Team knowledge base: ${index.notes.length} notes.`)}`, ''];
  const what = linkKind === 'markdown' ? 'Each link is the Markdown source of one note.' : 'Each link is the page of one note.';
  out.push(`${what} \`kb-index.json\` lists every note with its tags; \`index.md\` is the tag index.`, '');
  for (const [section, notes] of groupBySection(index.notes)) {
    out.push(`## ${section}`, '');
    for (const n of notes) out.push(`- [${escapeLinkText(n.title)}](${mdUrl(n.slug)}): ${oneLine(n.description)}`);
    out.push('');
  }
  if (fullText?.length) {
    out.push('## Full text', '');
    for (const f of fullText) out.push(`- [${escapeLinkText(f.title)}](${f.url}): ${f.notes} note${f.notes === 1 ? '' : 's'}, in full`);
    out.push('');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

/** One file of the full text (`llms-full/<nn>-<section>.txt`). */
export interface LlmsFullPart {
  /** Path under the portal (`llms-full/01-decisions.txt`). */
  file: string;
  /** `Decisions (part 1 of 2)`. */
  title: string;
  notes: NoteEntry[];
}

/** Agents read only about the first 100,000 characters of a file: the full text is split below that. */
export const LLMS_FULL_PART_CHARS = 100_000;

/**
 * The full text in files of at most `limit` characters, section by section (a section's notes in path order, a
 * part never mixing sections); none when the whole text fits in one file. A single note longer than the limit
 * gets a part of its own. Sizes are counted from the pieces llmsFullTxtChunks writes, so nothing is built twice.
 */
export function llmsFullParts(
  index: KbIndex,
  bodies: ReadonlyMap<string, string>,
  mdUrl: (slug: string) => string,
  limit = LLMS_FULL_PART_CHARS,
): LlmsFullPart[] {
  const sections = groupBySection(index.notes);
  const sizes = new Map(index.notes.map((n) => [n.path, notePiece(n, bodies, mdUrl).length]));
  const total = [...sizes.values()].reduce((a, b) => a + b, 0) + header(index).length + sections.reduce((a, [s]) => a + s.length + 5, 0);
  if (total <= limit) return [];
  const parts: { section: string; notes: NoteEntry[] }[] = [];
  for (const [section, notes] of sections) {
    let current: NoteEntry[] = [];
    let size = 0;
    for (const n of notes) {
      const add = sizes.get(n.path)!;
      if (current.length && size + add > limit - 200) {
        parts.push({ section, notes: current });
        current = [];
        size = 0;
      }
      current.push(n);
      size += add;
    }
    if (current.length) parts.push({ section, notes: current });
  }
  const counts = new Map<string, number>();
  for (const p of parts) counts.set(p.section, (counts.get(p.section) ?? 0) + 1);
  const seen = new Map<string, number>();
  const width = String(parts.length).length < 2 ? 2 : String(parts.length).length;
  return parts.map((p, i) => {
    const k = (seen.get(p.section) ?? 0) + 1;
    seen.set(p.section, k);
    const of = counts.get(p.section)!;
    return {
      file: `llms-full/${String(i + 1).padStart(width, '0')}-${p.section.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')}.txt`,
      title: of > 1 ? `${p.section} (part ${k} of ${of})` : p.section,
      notes: p.notes,
    };
  });
}

/** One part's text, in pieces: the site's title and the part's title, then its notes as in llms-full.txt. */
export function* llmsFullPartChunks(
  index: KbIndex,
  part: LlmsFullPart,
  bodies: ReadonlyMap<string, string>,
  mdUrl: (slug: string) => string,
): Generator<string> {
  let held = `# ${oneLine(index.title)}: ${part.title}\n\n`;
  for (const n of part.notes) {
    yield held;
    held = notePiece(n, bodies, mdUrl);
  }
  yield `${held.replace(/\n+$/, '')}\n`;
}

/** `llms-full.txt` when the full text is split: where each part is (the parts are also listed in llms.txt). */
export function renderLlmsFullIndex(index: KbIndex, parts: readonly { url: string; title: string; notes: number }[]): string {
  const out = [
    `# ${oneLine(index.title)}: full text`,
    '',
    `> The full text of ${index.notes.length} notes, in ${parts.length} files of at most ${LLMS_FULL_PART_CHARS.toLocaleString('en')} characters each (about as much as an agent reads of one file).`,
    '',
    ...parts.map((p) => `- [${escapeLinkText(p.title)}](${p.url}): ${p.notes} note${p.notes === 1 ? '' : 's'}`),
  ];
  return `${out.join('\n')}\n`;
}

function header(index: KbIndex): string {
  return `# ${oneLine(index.title)}\n\n> ${oneLine(index.description ?? `Team knowledge base: ${index.notes.length} notes.`)}\n\n`;
}

function notePiece(n: NoteEntry, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): string {
  return `### ${oneLine(n.title)}\n\nSource: ${mdUrl(n.slug)}\nTags: ${n.tags.join(', ') || '(none)'}\n\n${(bodies.get(n.path) ?? '').trim()}\n\n`;
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
  let held = header(index);
  for (const [section, notes] of groupBySection(index.notes)) {
    yield held;
    held = `## ${section}\n\n`;
    for (const n of notes) {
      yield held;
      held = notePiece(n, bodies, mdUrl);
    }
  }
  yield `${held.replace(/\n+$/, '')}\n`;
}

function groupBySection(notes: readonly NoteEntry[]): [string, NoteEntry[]][] {
  const map = new Map<string, NoteEntry[]>();
  for (const n of notes) {
    const key = n.tier === 'team-shared' ? 'Team-shared' : n.type ? plural(capitalise(n.type)) : 'Notes';
    const list = map.get(key);
    if (list) list.push(n);
    else map.set(key, [n]);
  }
  const rank = (k: string) => {
    const i = SECTION_ORDER.findIndex((t) => plural(capitalise(t)) === k);
    return i === -1 ? SECTION_ORDER.length : i;
  };
  return [...map.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || compareStrings(a, b))
    .map(([k, v]) => [k, v.sort((a, b) => compareStrings(a.path, b.path))]);
}

/** `Decision` → `Decisions`, `Approach` → `Approaches`, `Reference` → `References`. */
function plural(s: string): string {
  return /(s|x|z|ch|sh)$/i.test(s) ? `${s}es` : /[^aeiou]y$/i.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`;
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
