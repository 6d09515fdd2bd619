import type { ContextPack } from '../context/packTypes.js';
import type { PackChange } from './reviewSchema.js';

/** A configured pack as `kb pack` builds it. */
export interface ReviewPack {
  slug: string;
  title: string;
  pack: Pick<ContextPack, 'confidence' | 'tokens' | 'citations'>;
}

/**
 * Packs (by slug) whose citations, tokens or confidence differ, and packs added to or removed from the
 * configuration; in the order of the configuration after the change, then removed packs in their old order.
 */
export function diffPacks(before: readonly ReviewPack[], after: readonly ReviewPack[]): PackChange[] {
  const old = new Map(before.map((p) => [p.slug, p]));
  const now = new Set(after.map((p) => p.slug));
  const out: PackChange[] = [];
  for (const p of after) {
    const was = old.get(p.slug);
    const cited = p.pack.citations.map((c) => c.path);
    const wasCited = was?.pack.citations.map((c) => c.path) ?? [];
    const change: PackChange = {
      slug: p.slug,
      title: p.title,
      change: was ? 'changed' : 'added',
      citedIn: cited.filter((c) => !wasCited.includes(c)),
      citedOut: wasCited.filter((c) => !cited.includes(c)),
      tokens: { ...(was ? { before: was.pack.tokens } : {}), after: p.pack.tokens },
      confidence: { ...(was ? { before: was.pack.confidence } : {}), after: p.pack.confidence },
    };
    const same = was && !change.citedIn.length && !change.citedOut.length && was.pack.tokens === p.pack.tokens && was.pack.confidence === p.pack.confidence;
    if (!same) out.push(change);
  }
  for (const p of before)
    if (!now.has(p.slug))
      out.push({
        slug: p.slug,
        title: p.title,
        change: 'removed',
        citedIn: [],
        citedOut: p.pack.citations.map((c) => c.path),
        tokens: { before: p.pack.tokens },
        confidence: { before: p.pack.confidence },
      });
  return out;
}
