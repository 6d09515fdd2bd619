import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';
import type { BodySpans } from './bodySpans.js';

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
  const sizes = new Map(index.notes.map((n) => [n.path, pieceText(notePiece(n, bodies, mdUrl)).length]));
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
  yield* joinPieces(partPieces(index, part, bodies, mdUrl));
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

/**
 * A piece of a full-text file: text before a note's body (or a heading), then the body trimmed. Pieces carry the
 * body apart so the body's place in the file is known without building the file (llmsFullBodySpans).
 */
interface FullTextPiece {
  head: string;
  note?: NoteEntry;
  body?: string;
}

function notePiece(n: NoteEntry, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): FullTextPiece {
  return {
    head: `### ${oneLine(n.title)}\n\nSource: ${mdUrl(n.slug)}\nTags: ${n.tags.join(', ') || '(none)'}\n\n`,
    note: n,
    body: (bodies.get(n.path) ?? '').trim(),
  };
}

const pieceText = (p: FullTextPiece) => (p.note ? `${p.head}${p.body}\n\n` : p.head);

/** The pieces as text; the file ends in one newline. Every piece holds more than newlines, so trimming the last trims the whole. */
function* joinPieces(pieces: Iterable<FullTextPiece>): Generator<string> {
  let held: string | undefined;
  for (const p of pieces) {
    if (held !== undefined) yield held;
    held = pieceText(p);
  }
  if (held !== undefined) yield `${held.replace(/\n+$/, '')}\n`;
}

function* partPieces(index: KbIndex, part: LlmsFullPart, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): Generator<FullTextPiece> {
  yield { head: `# ${oneLine(index.title)}: ${part.title}\n\n` };
  for (const n of part.notes) yield notePiece(n, bodies, mdUrl);
}

function* wholePieces(index: KbIndex, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): Generator<FullTextPiece> {
  yield { head: header(index) };
  for (const [section, notes] of groupBySection(index.notes)) {
    yield { head: `## ${section}\n\n` };
    for (const n of notes) yield notePiece(n, bodies, mdUrl);
  }
}

/**
 * `llms-full.txt`, the same notes with their full text one after the other, in pieces, one per note, so the
 * site can write it piece by piece: at 100,000 notes it is 700 MB, more than one JavaScript string may hold.
 */
export function* llmsFullTxtChunks(index: KbIndex, bodies: ReadonlyMap<string, string>, mdUrl: (slug: string) => string): Generator<string> {
  yield* joinPieces(wholePieces(index, bodies, mdUrl));
}

/** Where each body of `paths` is in the full text (`kb-body-spans.json`, read by bodiesFromSpans). */
export function llmsFullBodySpans(
  index: KbIndex,
  parts: readonly LlmsFullPart[],
  bodies: ReadonlyMap<string, string>,
  mdUrl: (slug: string) => string,
  paths: ReadonlySet<string>,
): BodySpans {
  const files = parts.length ? parts.map((p) => p.file) : ['llms-full.txt'];
  const layouts = parts.length ? parts.map((p) => partPieces(index, p, bodies, mdUrl)) : [wholePieces(index, bodies, mdUrl)];
  const notes: BodySpans['notes'] = {};
  layouts.forEach((pieces, file) => {
    let at = 0;
    for (const p of pieces) {
      if (p.note && paths.has(p.note.path)) {
        const start = at + p.head.length;
        const raw = bodies.get(p.note.path) ?? '';
        notes[p.note.path] = [file, start, start + p.body!.length, raw.slice(0, raw.length - raw.trimStart().length)];
      }
      at += p.note ? p.head.length + p.body!.length + 2 : p.head.length;
    }
  });
  return { files, notes: Object.fromEntries(Object.entries(notes).sort(([a], [b]) => compareStrings(a, b))) };
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
