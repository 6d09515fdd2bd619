import type { KbIndex } from '../index/kbIndexSchema.js';
import { runQuery } from '../query/runQuery.js';
import { allTags } from '../navigation/summariseIndex.js';
import { buildTagPages } from '../views/tagPageView.js';
import { compareStrings } from '../util/compare.js';
import type { AliasPageChange, TagPageChange } from './reviewSchema.js';

/** What the site's tag pages list: every tag's notes (as /tags/<tag>/ lists them), and each alias page's tag. */
export interface TagPageLists {
  pages: ReadonlyMap<string, readonly string[]>;
  /** Alias → canonical tag, for aliases with a page of their own (an alias that is also a tag has the tag's page). */
  aliases: ReadonlyMap<string, string>;
}

/** The lists of the tag pages the site would build from this index (the same query and rules as the pages). */
export function tagPageLists(index: KbIndex, today: string): TagPageLists {
  const tags = allTags(index);
  const built = buildTagPages(index, tags, (tag) => {
    const result = runQuery(index, tag, { today });
    return { result, view: result.results.map((r) => r.path) };
  });
  const pages = new Map([...built].map(([tag, page]) => [tag, [...page.view, ...(page.also?.notes.map((n) => n.path) ?? [])]]));
  const tagSet = new Set(tags);
  return { pages, aliases: new Map(Object.entries(index.aliases).filter(([alias]) => !tagSet.has(alias))) };
}

/** Tag pages whose lists differ, appear or go, by tag; each with the alias pages that show its list after. */
export function diffTagPages(before: TagPageLists, after: TagPageLists): TagPageChange[] {
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, tag] of [...after.aliases].sort(([a], [b]) => compareStrings(a, b))) aliasesOf.set(tag, [...(aliasesOf.get(tag) ?? []), alias]);
  const tags = [...new Set([...before.pages.keys(), ...after.pages.keys()])].sort(compareStrings);
  const out: TagPageChange[] = [];
  for (const tag of tags) {
    const was = before.pages.get(tag);
    const now = after.pages.get(tag);
    const wasSet = new Set(was);
    const nowSet = new Set(now);
    const notesIn = (now ?? []).filter((p) => !wasSet.has(p));
    const notesOut = (was ?? []).filter((p) => !nowSet.has(p));
    if (was && now && !notesIn.length && !notesOut.length) continue;
    out.push({ tag, change: !was ? 'added' : !now ? 'removed' : 'changed', notesIn, notesOut, aliases: aliasesOf.get(tag) ?? [] });
  }
  return out;
}

/** Alias pages that appear, go, or lead to another tag, by alias. */
export function diffAliasPages(before: TagPageLists, after: TagPageLists): AliasPageChange[] {
  const aliases = [...new Set([...before.aliases.keys(), ...after.aliases.keys()])].sort(compareStrings);
  const out: AliasPageChange[] = [];
  for (const alias of aliases) {
    const was = before.aliases.get(alias);
    const now = after.aliases.get(alias);
    if (was === now) continue;
    out.push({
      alias,
      change: was === undefined ? 'added' : now === undefined ? 'removed' : 'retargeted',
      ...(was !== undefined ? { before: was } : {}),
      ...(now !== undefined ? { after: now } : {}),
    });
  }
  return out;
}
