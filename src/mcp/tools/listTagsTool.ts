import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { countTags } from '../../core/navigation/summariseIndex.js';
import type { Args, listTagsInput } from '../toolDefinitions.js';
import type { AnswerFn } from './kbTool.js';

type Row =
  | { kind: 'known'; tag: string; aliases: string[]; count: number }
  | { kind: 'other'; tag: string; count: number }
  | { kind: 'project'; key: string; name: string; tags: string[]; noteCount: number; shared: boolean };

/** `list_tags`: the vocabulary a query can use (the home page's lists): known tags with aliases and counts, other tags, projects. */
export const answerListTags: AnswerFn<Args<typeof listTagsInput>> = async (snapshot, args) => {
  const rows = tagRows(snapshot.index, args.prefix ?? '');
  return { total: rows.length, noun: 'Entries', render: (start, end) => renderRows(rows.slice(start, end)) };
};

export function tagRows(index: KbIndex, prefix: string): Row[] {
  const p = prefix.trim().toLowerCase();
  const counts = countTags(index.notes);
  const starts = (s: string) => s.toLowerCase().startsWith(p);
  return [
    ...index.knownTags
      .filter((k) => starts(k.tag) || k.aliases.some(starts))
      .map((k): Row => ({ kind: 'known', tag: k.tag, aliases: k.aliases, count: counts.get(k.tag) ?? 0 })),
    ...index.otherTags.filter(starts).map((tag): Row => ({ kind: 'other', tag, count: counts.get(tag) ?? 0 })),
    ...index.projects
      .filter((x) => starts(x.key))
      .map((x): Row => ({ kind: 'project', key: x.key, name: x.name, tags: x.tags, noteCount: x.noteCount, shared: x.shared })),
  ];
}

function renderRows(rows: Row[]): string[] {
  const known = rows.flatMap((r) => (r.kind === 'known' ? [{ tag: r.tag, aliases: r.aliases, count: r.count }] : []));
  const other = rows.flatMap((r) => (r.kind === 'other' ? [{ tag: r.tag, count: r.count }] : []));
  const projects = rows.flatMap((r) => (r.kind === 'project' ? [{ key: r.key, name: r.name, tags: r.tags, noteCount: r.noteCount, shared: r.shared }] : []));
  const notes = (n: number) => (n === 1 ? '1 note' : `${n} notes`);
  const text: string[] = [];
  const section = (title: string, lines: string[]) => lines.length && text.push(...(text.length ? [''] : []), `## ${title} (${lines.length})`, ...lines);
  section(
    'Known tags',
    known.map((k) => `- ${k.tag} (${notes(k.count)}${k.aliases.length ? `; aliases: ${k.aliases.join(', ')}` : ''})`),
  );
  section(
    'Other tags',
    other.map((o) => `- ${o.tag} (${notes(o.count)})`),
  );
  section(
    'Projects',
    projects.map(
      (x) => `- ${x.key} — ${x.name} (${notes(x.noteCount)}${x.tags.length ? `; tags: ${x.tags.join(', ')}` : ''}${x.shared ? '; team-shared' : ''})`,
    ),
  );
  if (!text.length) text.push('No tags, aliases or projects match.');
  return [text.join('\n'), JSON.stringify({ knownTags: known, otherTags: other, projects }, null, 2)];
}
