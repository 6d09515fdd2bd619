// A query block's answer as HTML (queryBlock.ts): the `kb query` / `kb search` numbered list with titles linked,
// descriptions and tags, as static HTML that needs no script. The build renders it in place of the block; the
// block's island renders the same function's HTML when the reader edits the query, so the two never differ.
// Everything from notes, tags and the query is escaped.
import { englishI18n, type I18n } from '../i18n/createI18n.js';
import { ages } from '../i18n/en/agesStrings.js';
import { noteIslands } from '../i18n/en/noteIslandsStrings.js';
import { queryView } from '../i18n/en/queryViewStrings.js';
import type { KbIndex } from '../index/kbIndexSchema.js';
import { QUERY_FENCE, type QueryBlockAnswer } from '../query/queryBlock.js';
import { escapeHtml } from '../util/escapeHtml.js';
import { buildQueryView, hitAnnotation, type QueryViewWords } from './queryView.js';
import type { SitePaths } from '../site/sitePaths.js';

/** The classes the block's HTML uses, which the note sanitiser allows (src/markdown/allowList.ts). */
export const QUERY_BLOCK_CLASSES = {
  div: ['query-block', 'query-block-results'],
  p: ['query-block-head', 'query-block-group', 'notice', 'summary', 'muted', 'small'],
  ol: ['results'],
  span: ['muted', 'n'],
};

/** A block's words in the page's language (src/core/i18n/en/noteIslandsStrings.ts, queryView.ts, ages.ts); default English. */
export type QueryBlockWords = QueryViewWords & Pick<I18n<keyof typeof noteIslands>, 't'>;

const ENGLISH = { ...noteIslands, ...queryView, ...ages };

/** The results of a block's answer (the part the island replaces). */
export function renderQueryBlockResults(
  answer: QueryBlockAnswer,
  index: Pick<KbIndex, 'notes' | 'artifacts' | 'staleness'>,
  paths: SitePaths,
  today: string,
  words: QueryBlockWords = englishI18n(ENGLISH),
): string {
  const e = escapeHtml;
  const { t } = words;
  const slugs = new Map(index.notes.map((n) => [n.path, n]));
  const link = (path: string, title: string) => {
    const note = slugs.get(path);
    return note ? `<a class="internal" href="${e(paths.note(note.slug))}">${e(title)}</a>` : `<span>${e(title)}</span>`;
  };
  const out: string[] = [];
  if (answer.problem) out.push(`<p class="notice">${e(t('queryBlock.problem', { problem: answer.problem }))}</p>`);
  if (answer.lang === QUERY_FENCE) {
    const view = buildQueryView(answer.query, index, (p) => slugs.get(p), today, Infinity, words);
    for (const n of view.notices) out.push(`<p class="notice">${e(n)}</p>`);
    if (view.usage) out.push(`<p class="notice">${e(view.usage)}</p>`);
    if (view.summary) out.push(`<p class="summary"><strong>${e(view.summary)}</strong></p>`);
    for (const g of view.groups) {
      if (g.heading) out.push(`<p class="query-block-group"><strong>${e(g.heading)}</strong></p>`);
      out.push('<ol class="results">');
      for (const hit of g.hits) {
        const tags = hitAnnotation(hit, words);
        out.push(
          `<li value="${hit.n}"><span class="n">${hit.n}.</span> ${link(hit.path, hit.title)} — ${e(hit.description)}${tags ? ` <span class="muted">${e(tags)}</span>` : ''}</li>`,
        );
      }
      out.push('</ol>');
    }
    for (const a of view.artifacts)
      out.push(`<p class="muted small"><code>${e(a.path)}</code> — ${e(a.state)} ${e(t('queryView.project', { project: a.project }))}</p>`);
    for (const g of view.ideaGroups) out.push(`<p class="muted small">${e(g.heading)}</p>`);
    return out.join('\n');
  }
  const r = answer.search;
  if (!r) return out.join('\n');
  out.push(`<p class="summary"><strong>${e(t('queryBlock.searchSummary', { count: r.total, shown: r.shown }))}</strong></p>`);
  let n = 0;
  if (r.titleMatches.length) {
    out.push('<ol class="results">');
    for (const m of r.titleMatches) out.push(`<li value="${++n}"><span class="n">${n}.</span> ${link(m.path, m.title)}</li>`);
    out.push('</ol>');
  }
  if (r.contentMatches.length) {
    out.push(`<ol class="results" start="${n + 1}">`);
    for (const m of r.contentMatches)
      out.push(
        `<li value="${++n}"><span class="n">${n}.</span> ${link(m.path, m.title)} <span class="muted">${e(t('queryBlock.line', { line: m.line, snippet: m.snippet }))}</span></li>`,
      );
    out.push('</ol>');
  }
  return out.join('\n');
}

/** The whole block: the command it runs (editable in place by the island), then its results, in `words`' language. */
export function renderQueryBlockHtml(
  answer: QueryBlockAnswer,
  index: Pick<KbIndex, 'notes' | 'artifacts' | 'staleness'>,
  paths: SitePaths,
  today: string,
  words?: QueryBlockWords,
): string {
  const e = escapeHtml;
  const command = answer.lang === QUERY_FENCE ? 'kb query' : 'kb search';
  return [
    `<div class="query-block" data-lang="${e(answer.lang)}" data-source="${e(answer.source)}">`,
    `<p class="query-block-head"><code>${e(`${command} ${answer.source}`)}</code></p>`,
    `<div class="query-block-results" aria-live="polite">${renderQueryBlockResults(answer, index, paths, today, words)}</div>`,
    '</div>',
  ].join('\n');
}
