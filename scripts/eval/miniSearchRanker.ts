import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import { bigrams, STOPWORDS } from '../../src/core/rank/analyze.js';
import type { TermScorer } from '../../src/core/rank/rankNotes.js';
import { FIELD_WEIGHTS, type SearchFields } from '../../src/core/rank/searchIndex.js';

/**
 * MiniSearch (7.x) as the ranker, for `npm run eval:packs -- --ranker minisearch`: the same fields and
 * boosts as the hand-written BM25F, stop-words and Porter stems through MiniSearch's own hooks
 * (`tokenize`, `processTerm`), task and feedback weights through `boostTerm`. The rest of the pipeline
 * (feedback term choice, wikilink spreading, selection) is unchanged.
 */
export interface MiniSearchRanker {
  score: TermScorer;
  /** `JSON.stringify(miniSearch)`: what the browser would fetch in place of the BM25F index. */
  json: string;
}

type Doc = SearchFields & { id: number; phrase: string };
const FIELDS = Object.keys(FIELD_WEIGHTS) as (keyof typeof FIELD_WEIGHTS)[];
// Words as analyze() splits them: camelCase apart, apostrophes dropped, accents folded.
const tokenizeWords = (text: string) =>
  text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/['’]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u);
const processTerm = (term: string) => {
  const w = term.toLowerCase();
  return w.length < 2 || STOPWORDS.has(w) || /^\d+$/.test(w) ? null : stemmer(w);
};
const words = (text: string) => tokenizeWords(text).flatMap((t) => processTerm(t) ?? []);

export interface MiniSearchVariant {
  /** MiniSearch multiplies a note's score by how many query terms it matched; divide that back out. */
  noCoordination: boolean;
  bm25: { k: number; b: number; d: number };
}

export const MINISEARCH_DEFAULT: MiniSearchVariant = { noCoordination: false, bm25: { k: 1.2, b: 0.7, d: 0.5 } };

export function miniSearchRanker(fields: readonly SearchFields[], variant: MiniSearchVariant = MINISEARCH_DEFAULT): MiniSearchRanker {
  const ms = new MiniSearch<Doc>({
    fields: FIELDS,
    // The phrase field holds word pairs already (one per line); every other field is split into words.
    tokenize: (text, field) => (field === 'phrase' ? text.split('\n') : tokenizeWords(text)),
    processTerm: (term, field) => (field === 'phrase' ? term || null : processTerm(term)),
  });
  ms.addAll(
    fields.map((f, id) => ({
      ...f,
      id,
      phrase: [...bigrams(words(f.title)), ...bigrams(words(f.description)), ...bigrams(words(f.headings))].join('\n'),
    })),
  );
  const boost = Object.fromEntries(FIELDS.map((f) => [f, FIELD_WEIGHTS[f].w]));
  const score: TermScorer = (query) => {
    const out = new Float64Array(fields.length);
    if (query.size === 0) return out;
    const results = ms.search([...query.keys()].join('\n'), {
      tokenize: (q) => q.split('\n'),
      processTerm: (t) => t,
      boostTerm: (t) => query.get(t) ?? 0,
      boost,
      bm25: variant.bm25,
      combineWith: 'OR',
    });
    for (const r of results) out[r.id as number] = variant.noCoordination ? r.score / r.queryTerms.length : r.score;
    return out;
  };
  return { score, json: JSON.stringify(ms) };
}
