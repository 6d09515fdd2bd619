import { taskQuery } from '../rank/rankNotes.js';
import type { Analyzer } from '../text/analyzer.js';
import { normaliseTag } from '../tags/normaliseTag.js';

/** A term the agent passes weighs as a word of the task. */
export const TERM_WEIGHT = 1;
/** A tag's words weigh less than the task's: the tag itself is matched on the note (`TAG_BOOST`). */
export const TAG_WORD_WEIGHT = 0.5;
/** Rank multiplier of a note carrying one of the asked tags (or a tag under it). */
export const TAG_BOOST = 1.3;

export interface Vocabulary {
  /** Analysed terms (and word pairs) to add to the task's, by weight. */
  extraTerms: Map<string, number>;
  /** Rank multiplier per note; undefined when no tag was asked for. */
  factor: ((i: number) => number) | undefined;
}

/**
 * The agent's own words for a task: `terms` join the task's query, `tags` raise the notes that carry them.
 * Both only add to a note's score, so no note is left out for lacking them; with neither, nothing changes.
 * Read with the task's analyzers (`text`; default English).
 */
export function agentVocabulary(
  request: { terms?: readonly string[] | undefined; tags?: readonly string[] | undefined },
  noteTags: readonly (readonly string[])[],
  text?: readonly Analyzer[],
): Vocabulary {
  const extraTerms = new Map<string, number>();
  const add = (words: string, weight: number) => {
    for (const [t, w] of taskQuery(words, { phrases: true }, text)) extraTerms.set(t, Math.max(extraTerms.get(t) ?? 0, Math.min(1, w) * weight));
  };
  for (const term of request.terms ?? []) add(term, TERM_WEIGHT);
  const tags = [...new Set((request.tags ?? []).map((t) => normaliseTag(t)).filter((t): t is string => t !== undefined))];
  for (const tag of tags) add(tag.replace(/[-/_]/g, ' '), TAG_WORD_WEIGHT);
  if (tags.length === 0) return { extraTerms, factor: undefined };
  const carries = (t: string) => tags.some((a) => t === a || t.startsWith(`${a}/`));
  const boosted = noteTags.map((ts) => (ts.some(carries) ? TAG_BOOST : 1));
  return { extraTerms, factor: (i) => boosted[i]! };
}
