// Isomorphic: what the knowledge health page shows, section by section: each item linked to its note or pack
// page, with where it is and what is wrong with it in words.
import type { NoteEntry } from '../index/kbIndexSchema.js';
import type { BrokenLink } from '../links/findBrokenLinks.js';
import type { SitePaths } from '../site/sitePaths.js';
import { staleness } from '../util/staleness.js';
import { englishHealthWords, HEALTH_KINDS, healthTitle, healthWhy, type HealthKind, type HealthWords } from './healthKinds.js';
import { healthCounts, type KnowledgeHealth } from './knowledgeHealth.js';

/** Items a section lists; the rest are counted ("and N more"). */
export const HEALTH_PAGE_ITEMS = 500;

export interface HealthLink {
  title: string;
  href: string;
}

export interface HealthItemView extends HealthLink {
  /** The note's path, or `file:line` of a link. */
  where: string;
  /** What is wrong, in words. */
  detail?: string | undefined;
  /** The day the item's age counts from, and the age at the build (the page redoes it with the reader's date). */
  day?: string | undefined;
  age?: string | undefined;
  /** The note that replaces a superseded one. */
  next?: HealthLink | undefined;
  /** The packs that cite it. */
  citedBy?: HealthLink[] | undefined;
}

export interface HealthSectionView {
  kind: HealthKind;
  /** The heading, and why it matters, in the page's language. */
  title: string;
  why: string;
  count: number;
  items: HealthItemView[];
}

const WHY_BROKEN = { missing: 'health.brokenMissing', unpublished: 'health.brokenUnpublished' } as const satisfies Record<BrokenLink['reason'], string>;

export function healthView(
  health: KnowledgeHealth,
  byPath: ReadonlyMap<string, Pick<NoteEntry, 'slug' | 'title'>>,
  packs: readonly { slug: string; title: string }[],
  paths: Pick<SitePaths, 'note' | 'pack'>,
  words: HealthWords = englishHealthWords(),
): HealthSectionView[] {
  const { t } = words;
  const packTitle = new Map(packs.map((p) => [p.slug, p.title]));
  const note = (path: string): HealthLink => {
    const n = byPath.get(path);
    return n ? { title: n.title, href: paths.note(n.slug) } : { title: path, href: '' };
  };
  const cited = (slugs: readonly string[]) => slugs.map((slug) => ({ title: packTitle.get(slug) ?? slug, href: paths.pack(slug) }));
  const items: Record<HealthKind['key'], () => HealthItemView[]> = {
    staleCited: () =>
      health.staleCited.map((n) => ({
        ...note(n.path),
        where: n.path,
        detail: t('health.lastUpdated', { date: words.date(n.day) }),
        day: n.day,
        age: staleness(n.day, health.today, health.staleDays, '', words).ageString,
        citedBy: cited(n.packs),
      })),
    deprecatedCited: () =>
      health.deprecatedCited.map((n) => ({
        ...note(n.path),
        where: n.path,
        detail: t(`status.${n.status}`),
        next: n.supersededBy && byPath.has(n.supersededBy) ? note(n.supersededBy) : undefined,
        citedBy: cited(n.packs),
      })),
    lowConfidencePacks: () =>
      health.lowConfidencePacks.map((p) => ({
        title: p.title,
        href: paths.pack(p.slug),
        where: p.slug,
        detail: t('health.packDetail', { tokens: p.tokens, notes: t('common.notes', { count: p.citations }) }),
      })),
    brokenLinks: () =>
      health.brokenLinks.map((b) => ({
        ...note(b.file),
        where: `${b.file}:${b.line}`,
        detail: t('health.broken', { kind: t(`health.kind.${b.kind}`), target: b.target, why: t(WHY_BROKEN[b.reason]) }),
      })),
    orphans: () => health.orphans.map((path) => ({ ...note(path), where: path })),
    untagged: () => health.untagged.map((path) => ({ ...note(path), where: path })),
  };
  const counts = healthCounts(health);
  return HEALTH_KINDS.map((kind) => ({
    kind,
    title: healthTitle(kind, words),
    why: healthWhy(kind, words),
    count: counts[kind.key],
    items: items[kind.key]().slice(0, HEALTH_PAGE_ITEMS),
  }));
}
