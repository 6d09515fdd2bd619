// Isomorphic: what /tags/<tag>/ lists. First `kb query <tag>` as it groups and numbers it (the CLI's
// numbers stay loadable), then every other note carrying the tag: `kb query` leaves out project folders unless a
// project key is queried and never searches reviews, but a tag page is not a /context query,
// and a reader who opens a tag must find every note that carries it.
import type { I18n } from '../i18n/createI18n.js';
import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import type { QueryResult } from '../query/queryResult.js';
import { compareStrings } from '../util/compare.js';
import type { QueryView } from './queryView.js';

export interface AlsoTaggedNote {
  slug: string;
  title: string;
  description: string;
  path: string;
  tags: string[];
}

/** `V`: how the page shows the query's results (`kb review` compares the lists and needs none). */
export interface TagPageView<V = QueryView> {
  tag: string;
  /** `kb query <tag>`. */
  view: V;
  /** Notes carrying the tag that the query does not list, by path; absent when there are none. */
  also: { heading: string; notes: AlsoTaggedNote[] } | undefined;
  /** Notes the page lists: the query's results and the others. Every count shown for the tag is this one. */
  count: number;
}

/** The words of the "also tagged" heading in a page's language (src/core/i18n/en/pagesStrings.ts); without them, English. */
export type TagPageWords = Pick<I18n<'tag.also' | 'tag.alsoProjects' | 'tag.alsoReviews' | 'tag.alsoOther' | 'common.notes'>, 't' | 'list'>;

export function buildTagPage<V>(tag: string, result: QueryResult, view: V, notes: readonly NoteEntry[], words?: TagPageWords): TagPageView<V> {
  const listed = new Set(result.results.map((r) => r.path));
  const others = notes.filter((n) => !listed.has(n.path) && n.tags.includes(tag)).sort((a, b) => compareStrings(a.path, b.path));
  return {
    tag,
    view,
    also: others.length
      ? {
          heading: words ? alsoHeadingIn(others, words) : alsoHeading(others),
          notes: others.map((n) => ({ slug: n.slug, title: n.title, description: n.description, path: n.path, tags: n.tags })),
        }
      : undefined,
    count: result.results.length + others.length,
  };
}

/** Names where the other notes are: project folders, reviews, or both. */
function alsoHeading(notes: readonly Pick<NoteEntry, 'tier'>[]): string {
  const places = [
    notes.some((n) => n.tier === 'project') ? 'project folders' : '',
    notes.some((n) => n.tier === 'reviews') ? 'reviews' : '',
    notes.some((n) => n.tier === 'cross-project' || n.tier === 'team-shared') ? 'other folders' : '',
  ].filter(Boolean);
  const where = places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}` : places[0];
  return `Also tagged, in ${where} (${notes.length === 1 ? '1 note' : `${notes.length} notes`})`;
}

/** The same heading in `words`' language. */
function alsoHeadingIn(notes: readonly Pick<NoteEntry, 'tier'>[], { t, list }: TagPageWords): string {
  const places = [
    notes.some((n) => n.tier === 'project') && t('tag.alsoProjects'),
    notes.some((n) => n.tier === 'reviews') && t('tag.alsoReviews'),
    notes.some((n) => n.tier === 'cross-project' || n.tier === 'team-shared') && t('tag.alsoOther'),
  ].filter((p): p is string => typeof p === 'string');
  return t('tag.also', { where: list(places), notes: t('common.notes', { count: notes.length }) });
}

/** Every tag's page, for tag pages and the counts on tag chips (home, /tags/); `words` for a page's language. */
export function buildTagPages<V = QueryView>(
  index: Pick<KbIndex, 'notes'>,
  tags: readonly string[],
  query: (tag: string) => { result: QueryResult; view: V },
  words?: TagPageWords,
): Map<string, TagPageView<V>> {
  const byTag = new Map<string, NoteEntry[]>();
  for (const n of index.notes)
    for (const t of new Set(n.tags)) {
      const list = byTag.get(t);
      if (list) list.push(n);
      else byTag.set(t, [n]);
    }
  return new Map(
    tags.map((tag) => {
      const { result, view } = query(tag);
      return [tag, buildTagPage(tag, result, view, byTag.get(tag) ?? [], words)];
    }),
  );
}
