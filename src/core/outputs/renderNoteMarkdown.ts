import type { NoteEntry } from '../index/kbIndexSchema.js';

/**
 * The `.md` published beside a note page for agents: a normalised frontmatter (what the index knows,
 * not what the author typed, so unpublished keys never leak) followed by the body as written.
 */
export function renderNoteMarkdown(note: NoteEntry, body: string): string {
  const fm: [string, string | undefined][] = [
    ['title', note.title],
    ['description', note.description],
    ['tags', `[${note.tags.map(yamlString).join(', ')}]`],
    ['category', note.category],
    ['type', note.type],
    ['status', note.status],
    ['superseded_by', note.supersededBy],
    ['project', note.project],
    ['scope', note.scope],
    ['repo', note.repo],
    ['date', note.date],
    ['updated', note.updated],
    ['source', note.path],
  ];
  const head = fm
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${k}: ${k === 'tags' ? v : yamlString(v)}`)
    .join('\n');
  return `---\n${head}\n---\n\n${body.replace(/^\s*\n/, '').replace(/\s*$/, '\n')}`;
}

/** A YAML double-quoted scalar: always safe, whatever the value holds. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}
