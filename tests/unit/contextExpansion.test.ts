import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/core/rank/analyze.js';
import { DEFAULT_RANK_OPTIONS, rankNotes, type RankSource } from '../../src/core/rank/rankNotes.js';
import { buildSearchIndex, decodePosting, KEYWORD_LEVELS } from '../../src/core/rank/searchIndex.js';

const blank = { description: '', tags: '', hints: '', headings: '' };
const notes = [
  { ...blank, title: 'Retry storms', body: 'Exponential backoff with jitter stops retry storms against the payment gateway.' },
  { ...blank, title: 'Jitter', body: 'Full jitter spreads clients; exponential backoff alone synchronises them at the gateway.' },
  { ...blank, title: 'Circuit breakers', body: 'Open the breaker when errors pass a threshold.' },
  { ...blank, title: 'Unrelated', body: 'Dark mode colours for the dashboard.' },
];
const data = buildSearchIndex(notes);
/** The ranker's view of the index, every part loaded. */
const source = (links: number[][]): RankSource => ({
  size: data.size,
  k1: data.k1,
  posting: (term) => (data.vocab.includes(term) ? decodePosting(data.postings[data.vocab.indexOf(term)]!) : undefined),
  keywords: (i) => ({ terms: data.keywords[i]!.terms, weights: data.keywords[i]!.levels.map((l) => KEYWORD_LEVELS[l]!) }),
  links: (i) => links[i]!,
  want: () => undefined,
  check: () => undefined,
});
const rank = (task: string, options = DEFAULT_RANK_OPTIONS, links: number[][] = [[], [], [], []]) =>
  rankNotes(source(links), { task, allowed: () => true, factor: () => 1 }, options).ranked.map((r) => notes[r.i]!.title);

describe('analyze', () => {
  it.each([
    ['Retrying requests', ['retri', 'request']],
    ['We need to implement runCancellation', ['implement', 'run', 'cancel']],
  ])('%s', (text, terms) => expect(analyze(text)).toEqual(terms));
});

describe('query expansion', () => {
  it('pseudo-relevance feedback reaches a note that shares the top note’s words but not the task’s', () => {
    const off = { ...DEFAULT_RANK_OPTIONS, feedbackDocs: 0, linkWeight: 0 };
    expect(rank('retry storms', off)).toEqual(['Retry storms']);
    expect(rank('retry storms', { ...DEFAULT_RANK_OPTIONS, linkWeight: 0 })).toEqual(['Retry storms', 'Jitter']);
  });
  it('a wikilink neighbour of a strong note gains a share of its score', () => {
    const options = { ...DEFAULT_RANK_OPTIONS, feedbackDocs: 0 };
    expect(rank('retry storms', options, [[2], [], [0], []])).toEqual(['Retry storms', 'Circuit breakers']);
  });
  it('never returns a note that matches nothing and links to nothing', () => expect(rank('retry storms')).not.toContain('Unrelated'));
});
