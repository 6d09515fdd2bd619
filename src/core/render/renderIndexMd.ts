import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings, sortedUnique } from '../util/compare.js';

/** Notes the tag index lists: promoted (cross-project) and project tiers; reviews and team-shared are apart. */
export function isTagIndexed(note: NoteEntry): boolean {
  return note.tier === 'cross-project' || note.tier === 'project';
}

/** `index.md` in the aria-knowledge format that its /context reads. */
export function renderIndexMd(index: KbIndex): string {
  const out: string[] = [`# ${index.title} — Knowledge Index`, ''];
  const known = new Set(index.knownTags.map((k) => k.tag));
  const indexed = index.notes.filter(isTagIndexed);
  const byTag = groupBy(indexed, (n) => n.tags);

  out.push('## Projects', '');
  for (const p of index.projects) {
    out.push(`### ${p.key} — ${p.name}`, `Relevant tags:${p.tags.length ? ` ${p.tags.join(', ')}` : ''}`, '');
  }

  out.push('## Known Tags', '');
  out.push(index.knownTags.map((k) => (k.aliases.length ? `${k.tag} [aliases: ${k.aliases.join(', ')}]` : k.tag)).join(', '), '');

  out.push('## Tag Index', '');
  for (const tag of [...byTag.keys()].filter((t) => known.has(t))) out.push(...tagBlock(tag, byTag.get(tag)!));

  out.push('## Other Tags', '');
  for (const tag of [...byTag.keys()].filter((t) => !known.has(t))) out.push(...tagBlock(tag, byTag.get(tag)!));

  out.push('## Semantic Hints Index', '');
  const byHint = groupBy(indexed, (n) => n.hints);
  for (const [hint, notes] of byHint) out.push(`### ${hint}`, ...notes.map((n) => `- ${n.path}`), '');

  const shared = index.notes.filter((n) => n.tier === 'team-shared');
  if (shared.length) {
    out.push('## Team-Shared Tag Index', '');
    for (const [tag, notes] of groupBy(shared, (n) => n.tags)) {
      out.push(`### ${tag}`, ...notes.map((n) => `- ${n.path} — ${oneLine(n.description)} [project: ${n.project}, scope: ${n.scope}]`), '');
    }
  }
  return out.join('\n').replace(/\n+$/, '\n');
}

function tagBlock(tag: string, notes: NoteEntry[]): string[] {
  return [`### ${tag}`, ...notes.map((n) => `- ${n.path} — ${oneLine(n.description)}`), ''];
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function groupBy(notes: NoteEntry[], keys: (n: NoteEntry) => string[]): Map<string, NoteEntry[]> {
  const map = new Map<string, NoteEntry[]>();
  for (const n of notes) for (const k of keys(n)) map.set(k, [...(map.get(k) ?? []), n]);
  const sorted = new Map<string, NoteEntry[]>();
  for (const k of [...map.keys()].sort(compareStrings))
    sorted.set(
      k,
      map.get(k)!.sort((a, b) => compareStrings(a.path, b.path)),
    );
  return sorted;
}

/** `kb-tags.txt`: one lower-cased tag a line, sorted, unique: the values `kb search --tag` accepts. */
export function renderTagsTxt(index: KbIndex): string {
  return lines(index.notes.flatMap((n) => n.tags));
}

/** `kb-categories.txt`: one lower-cased category a line, sorted, unique. */
export function renderCategoriesTxt(index: KbIndex): string {
  return lines(index.notes.flatMap((n) => (n.category ? [n.category.toLowerCase()] : [])));
}

function lines(values: string[]): string {
  const v = sortedUnique(values.map((s) => s.toLowerCase()));
  return v.length ? `${v.join('\n')}\n` : '';
}
