// Isomorphic: Obsidian's nested tags (`lang/ts`): every tag above another (`lang`) has a page listing the tags
// under it and their notes, whether or not a note carries it itself.
import { compareStrings } from '../util/compare.js';

/** The tags above one: `a/b/c` → `a`, `a/b`. */
export function parentTags(tag: string): string[] {
  const parts = tag.split('/');
  return parts
    .slice(0, -1)
    .map((_, i) => parts.slice(0, i + 1).join('/'))
    .filter((p) => p !== '' && !p.endsWith('/'));
}

/** Each tag that has tags below it → the tags one level below, sorted. Parents no note carries are included. */
export function tagChildren(tags: readonly string[]): Map<string, string[]> {
  const children = new Map<string, Set<string>>();
  for (const tag of tags) {
    const chain = [...parentTags(tag), tag];
    for (let i = 0; i + 1 < chain.length; i++) {
      const set = children.get(chain[i]!) ?? new Set<string>();
      set.add(chain[i + 1]!);
      children.set(chain[i]!, set);
    }
  }
  return new Map([...children].sort(([a], [b]) => compareStrings(a, b)).map(([p, set]) => [p, [...set].sort(compareStrings)]));
}

/** What a tag's page shows about the tags under it. */
export interface NestedTagView {
  /** The tags one level below, each with how many notes carry it or a tag below it. */
  children: { tag: string; count: number }[];
  /** For a tag no note carries itself: every note carrying a tag below it, by title. Otherwise empty (its page lists its notes). */
  notes: { slug: string; title: string; description: string; tags: string[] }[];
}

type TaggedNote = { slug: string; title: string; description: string; tags: readonly string[] };

/** The nested part of every parent tag's page, by parent, counted in one pass over the notes. */
export function nestedTagViews(tags: readonly string[], notes: readonly TaggedNote[]): Map<string, NestedTagView> {
  const children = tagChildren(tags);
  const carried = new Set(tags);
  const under = new Map<string, TaggedNote[]>(); // tag → notes carrying it or a tag below it
  for (const n of notes) {
    const reached = new Set(n.tags.flatMap((t) => [t, ...parentTags(t)]));
    for (const t of reached) {
      const list = under.get(t);
      if (list) list.push(n);
      else under.set(t, [n]);
    }
  }
  const byTitle = (a: TaggedNote, b: TaggedNote) => compareStrings(a.title.toLowerCase(), b.title.toLowerCase()) || compareStrings(a.slug, b.slug);
  return new Map(
    [...children].map(([parent, below]) => [
      parent,
      {
        children: below.map((tag) => ({ tag, count: under.get(tag)?.length ?? 0 })),
        notes: carried.has(parent)
          ? []
          : [...(under.get(parent) ?? [])].sort(byTitle).map((n) => ({ slug: n.slug, title: n.title, description: n.description, tags: [...n.tags] })),
      },
    ]),
  );
}
