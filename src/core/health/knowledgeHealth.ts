// Isomorphic: the knowledge health of a folder — what readers and agents get that is wrong or missing — from its
// index, its configured packs and its links. The site's health page shows it; `kb review` compares it before and
// after a change.
import type { KbIndex } from '../index/kbIndexSchema.js';
import type { BrokenLink } from '../links/findBrokenLinks.js';
import type { ContextPack } from '../context/packTypes.js';
import { compareStrings } from '../util/compare.js';
import { isRetired, isUntagged, noteStaleDays, noteStaleness, orphanNotes } from './noteHealth.js';

/** A configured pack as health reads it (`configuredPacks`, built the way `kb pack` builds it). */
export interface HealthPack {
  slug: string;
  title: string;
  pack: Pick<ContextPack, 'confidence' | 'tokens' | 'citations'>;
}

export interface HealthInput {
  index: Pick<KbIndex, 'notes' | 'staleness'>;
  /** YYYY-MM-DD that ages are counted to. */
  today: string;
  packs: readonly HealthPack[];
  /** The folder's broken links (checkLinks). */
  brokenLinks: readonly BrokenLink[];
  /** Which notes link to which (checkLinks). */
  linksOut: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A note that some configured pack cites, with the packs' slugs in configuration order. */
export interface CitedNote {
  path: string;
  packs: string[];
}

export interface StaleCitedNote extends CitedNote {
  /** The `updated` (else `date`) day it is judged by. */
  day: string;
  ageDays: number;
}

export interface RetiredCitedNote extends CitedNote {
  status: 'deprecated' | 'superseded';
  supersededBy?: string | undefined;
}

export interface KnowledgeHealth {
  today: string;
  /** The threshold notes were judged stale by (kb.config.yaml `staleness.notes`, default 365). */
  staleDays: number;
  /** Stale notes a configured pack still cites, by path. */
  staleCited: StaleCitedNote[];
  /** Deprecated or superseded notes a configured pack still cites, by path. */
  deprecatedCited: RetiredCitedNote[];
  /** Configured packs of low confidence (fewer than two notes on the task's own words), in configuration order. */
  lowConfidencePacks: { slug: string; title: string; tokens: number; citations: number }[];
  /** In file and line order. */
  brokenLinks: BrokenLink[];
  /** Notes with no link in or out, by path. */
  orphans: string[];
  /** Notes without a tag, by path. */
  untagged: string[];
}

/** How many of each kind: what the home page shows, and what `kb review` counts. */
export type HealthCounts = Record<'staleCited' | 'deprecatedCited' | 'lowConfidencePacks' | 'brokenLinks' | 'orphans' | 'untagged', number>;

export function knowledgeHealth(input: HealthInput): KnowledgeHealth {
  const citedBy = new Map<string, string[]>();
  for (const p of input.packs)
    for (const c of p.pack.citations) {
      const list = citedBy.get(c.path);
      if (!list) citedBy.set(c.path, [p.slug]);
      else if (!list.includes(p.slug)) list.push(p.slug);
    }
  const staleDays = noteStaleDays(input.index);
  const notes = [...input.index.notes].sort((a, b) => compareStrings(a.path, b.path));
  const staleCited: StaleCitedNote[] = [];
  const deprecatedCited: RetiredCitedNote[] = [];
  for (const n of notes) {
    const packs = citedBy.get(n.path);
    if (!packs) continue;
    const stale = noteStaleness(n, input.today, staleDays);
    if (stale) staleCited.push({ path: n.path, packs, ...stale });
    if (isRetired(n)) deprecatedCited.push({ path: n.path, packs, status: n.status, ...(n.supersededBy ? { supersededBy: n.supersededBy } : {}) });
  }
  return {
    today: input.today,
    staleDays,
    staleCited,
    deprecatedCited,
    lowConfidencePacks: input.packs
      .filter((p) => p.pack.confidence === 'low')
      .map((p) => ({ slug: p.slug, title: p.title, tokens: p.pack.tokens, citations: p.pack.citations.length })),
    brokenLinks: [...input.brokenLinks].sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.target, b.target)),
    orphans: orphanNotes(notes, input.linksOut),
    untagged: notes.filter(isUntagged).map((n) => n.path),
  };
}

export function healthCounts(health: KnowledgeHealth): HealthCounts {
  return {
    staleCited: health.staleCited.length,
    deprecatedCited: health.deprecatedCited.length,
    lowConfidencePacks: health.lowConfidencePacks.length,
    brokenLinks: health.brokenLinks.length,
    orphans: health.orphans.length,
    untagged: health.untagged.length,
  };
}
