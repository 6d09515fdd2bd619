import { isAbsolute, relative } from 'node:path';
import type { KbIndex, NoteEntry } from '../../core/index/kbIndexSchema.js';
import { buildBacklinks } from '../../core/links/buildBacklinks.js';
import { createLinkResolver } from '../../core/links/createLinkResolver.js';
import type { KbSnapshot } from '../kbSource.js';
import { headingsOf, sectionOf, splitNoteMarkdown } from '../noteSection.js';
import type { Args, readNoteInput } from '../toolDefinitions.js';
import { single, type AnswerFn } from './kbTool.js';

/** `read_note`: one published note (or one of its sections) as `/notes/<slug>.md` serves it, then its facts and backlinks. */
export const answerReadNote: AnswerFn<Args<typeof readNoteInput>> = async (snapshot, args, ctx) => {
  const note = findNote(snapshot, args.path, ctx.kbDir);
  const { frontmatter, body } = splitNoteMarkdown(await snapshot.noteMarkdown(note));
  let text = `${frontmatter}\n${body}`;
  if (args.section !== undefined) {
    const section = sectionOf(body, args.section);
    if (section === undefined) {
      const headings = headingsOf(body).map((h) => h.text);
      throw new Error(`${note.path} has no section "${args.section}". ${headings.length ? `Its headings: ${headings.join(' · ')}` : 'It has no headings.'}`);
    }
    text = `${frontmatter}\n${section}`;
  }
  const facts = {
    path: note.path,
    ...(args.section !== undefined ? { section: args.section } : {}),
    title: note.title,
    description: note.description,
    tags: note.tags,
    ...optional(note, ['category', 'type', 'status', 'supersededBy', 'project', 'scope', 'repo', 'date', 'updated', 'mtime']),
    tokens: note.tokens,
    headings: headingsOf(body).map((h) => `${'#'.repeat(h.depth)} ${h.text}`),
    backlinks: (backlinksOf(snapshot.index).get(note.slug) ?? []).map((b) => ({ path: b.path, title: b.title })),
  };
  return single([text, JSON.stringify(facts, null, 2)]);
};

function optional(note: NoteEntry, keys: (keyof NoteEntry)[]): Partial<NoteEntry> {
  return Object.fromEntries(keys.filter((k) => note[k] !== undefined).map((k) => [k, note[k]]));
}

const backlinkMemo = new WeakMap<KbIndex, ReturnType<typeof buildBacklinks>>();
function backlinksOf(index: KbIndex): ReturnType<typeof buildBacklinks> {
  let map = backlinkMemo.get(index);
  if (!map) {
    // As the site resolves links (Obsidian's rules), over the notes the index lists.
    const resolver = createLinkResolver({ notes: index.notes });
    backlinkMemo.set(index, (map = buildBacklinks(index.notes, (target, from) => resolver.note(target, from))));
  }
  return map;
}

/**
 * The published note a path names: as listed (relative to the knowledge folder, `/`-separated; `./` and `\`
 * tolerated, an absolute path inside the folder too). Anything else is an error that says why: outside the
 * folder, kept back (private, draft, a secret), or unknown.
 */
export function findNote(snapshot: KbSnapshot, input: string, kbDir: string | undefined): NoteEntry {
  let path = input.trim().replace(/\\/g, '/');
  if (!path) throw new Error('path is empty: give a note path as query, search or context list it.');
  if (kbDir && isAbsolute(path)) {
    const rel = relative(kbDir, path).replace(/\\/g, '/');
    path = isAbsolute(rel) ? path : rel;
  }
  path = path.replace(/^(\.\/)+/, '');
  const note = snapshot.index.notes.find((n) => n.path === path);
  if (note) return note;
  const parts = path.split('/');
  if (isAbsolute(path) || /^[a-z]:\//i.test(path) || parts.includes('..'))
    throw new Error(`${input} is outside the knowledge folder: read_note reads the knowledge base's notes only, by the paths query, search and context list.`);
  const held = snapshot.heldBack(path);
  if (held) throw new Error(held);
  throw new Error(
    `${input}: no such note in the knowledge base. Use a path as query, search or context list it (e.g. ${snapshot.index.notes[0]?.path ?? 'decisions/001-example.md'}).`,
  );
}
