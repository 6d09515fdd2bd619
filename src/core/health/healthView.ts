// Isomorphic: what the knowledge health page shows, section by section: each item linked to its note or pack
// page, with where it is and what is wrong with it in words.
import type { NoteEntry } from '../index/kbIndexSchema.js';
import type { BrokenLink } from '../links/findBrokenLinks.js';
import type { SitePaths } from '../site/sitePaths.js';
import { staleness } from '../util/staleness.js';
import { HEALTH_KINDS, type HealthKind } from './healthKinds.js';
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
  count: number;
  items: HealthItemView[];
}

const WHY_BROKEN: Record<BrokenLink['reason'], string> = { missing: 'leads nowhere', unpublished: 'names a note that is not published' };

export function healthView(
  health: KnowledgeHealth,
  byPath: ReadonlyMap<string, Pick<NoteEntry, 'slug' | 'title'>>,
  packs: readonly { slug: string; title: string }[],
  paths: Pick<SitePaths, 'note' | 'pack'>,
): HealthSectionView[] {
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
        detail: `last updated ${n.day}`,
        day: n.day,
        age: staleness(n.day, health.today, health.staleDays, '').ageString,
        citedBy: cited(n.packs),
      })),
    deprecatedCited: () =>
      health.deprecatedCited.map((n) => ({
        ...note(n.path),
        where: n.path,
        detail: n.status,
        next: n.supersededBy && byPath.has(n.supersededBy) ? note(n.supersededBy) : undefined,
        citedBy: cited(n.packs),
      })),
    lowConfidencePacks: () =>
      health.lowConfidencePacks.map((p) => ({
        title: p.title,
        href: paths.pack(p.slug),
        where: p.slug,
        detail: `${p.tokens.toLocaleString('en-US')} tokens, ${p.citations === 1 ? '1 note' : `${p.citations.toLocaleString('en-US')} notes`} cited`,
      })),
    brokenLinks: () =>
      health.brokenLinks.map((b) => ({ ...note(b.file), where: `${b.file}:${b.line}`, detail: `${b.kind} “${b.target}” ${WHY_BROKEN[b.reason]}` })),
    orphans: () => health.orphans.map((path) => ({ ...note(path), where: path })),
    untagged: () => health.untagged.map((path) => ({ ...note(path), where: path })),
  };
  const counts = healthCounts(health);
  return HEALTH_KINDS.map((kind) => ({ kind, count: counts[kind.key], items: items[kind.key]().slice(0, HEALTH_PAGE_ITEMS) }));
}
