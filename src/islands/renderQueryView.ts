// DOM rendering of a QueryView / SearchResult for the query island: the same groups, numbering and labels
// as the tag pages (src/components/QueryResults.astro). Text goes in through textContent only, so nothing
// from a note, a tag or the query string is ever parsed as HTML.
import { hitAnnotation, knownTagAliases, type QueryView } from '../core/site/queryView.ts';
import { invalidFacetPieces } from '../core/search/renderSearchText.ts';
import type { SearchResult } from '../core/search/searchResult.ts';
import type { SitePaths } from '../core/site/sitePaths.ts';

type Child = Node | string | false | undefined;

export function h(tag: string, attrs: Record<string, string | number | boolean | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== false && c !== undefined) el.append(c);
  return el;
}

/** A result row a reader can select for loading: number, path and the note's page. */
export interface SelectableHit {
  n: number;
  path: string;
  slug: string | undefined;
}

export function renderQueryView(view: QueryView, paths: SitePaths): { root: HTMLElement; hits: SelectableHit[] } {
  const root = h('div', { class: 'query-results' });
  const hits: SelectableHit[] = [];
  for (const n of view.notices) root.append(h('p', { class: 'notice' }, n));
  if (view.usage) root.append(h('p', { class: 'notice' }, view.usage));
  if (view.summary) root.append(h('p', { class: 'summary' }, h('strong', {}, view.summary)));
  for (const g of view.groups) {
    const section = h('section', { 'aria-label': g.heading ?? 'Results' });
    if (g.heading) section.append(h('h2', {}, g.heading));
    const list = h('ol', { class: 'results' });
    for (const hit of g.hits) {
      hits.push({ n: hit.n, path: hit.path, slug: hit.slug });
      const annotation = hitAnnotation(hit);
      list.append(
        h(
          'li',
          { value: hit.n, 'data-n': hit.n },
          h('input', { type: 'checkbox', class: 'pick', 'data-path': hit.path, 'aria-label': `Select ${hit.n}. ${hit.title}` }),
          ' ',
          h('span', { class: 'n' }, `${hit.n}.`),
          hit.slug ? h('a', { href: paths.note(hit.slug), class: 'hit-link' }, hit.title) : h('span', {}, hit.title),
          ` — ${hit.description}`,
          annotation && h('span', { class: 'muted' }, ` ${annotation}`),
          hit.hint && h('span', { class: 'hint' }, ` [hint: ${hit.hint}]`),
          h('div', { class: 'path' }, hit.path),
        ),
      );
    }
    section.append(list);
    root.append(section);
  }
  if (view.shown < view.total) {
    const rest = view.total - view.shown;
    root.append(
      h(
        'p',
        { class: 'actions' },
        h('button', { type: 'button', class: 'secondary', 'data-show-more': true }, `Show the other ${rest} ${rest === 1 ? 'result' : 'results'}`),
      ),
    );
  }
  for (const n of view.emptyNotes) root.append(h('p', { class: 'notice' }, n));
  if (view.knownTags) {
    const p = h('p', {}, 'Known tags:');
    view.knownTags.forEach((k, i) => {
      p.append(i > 0 ? ', ' : ' ', h('a', { href: paths.tag(k.tag) }, k.tag), knownTagAliases(k.aliases));
    });
    root.append(p);
  }
  if (view.artifacts.length) {
    const list = h('ol', { class: 'results' });
    for (const a of view.artifacts)
      list.append(
        h(
          'li',
          { value: a.n, class: a.stale ? 'stale' : undefined },
          h('span', { class: 'n' }, `${a.n}.`),
          h('code', {}, a.path),
          ` — ${a.state} `,
          h('span', { class: 'muted' }, `[project: ${a.project}]`),
        ),
      );
    root.append(
      h(
        'section',
        { 'aria-label': 'Tracked artifacts' },
        h('h2', {}, `Tracked artifacts (${view.artifacts.length})`),
        list,
        h('p', { class: 'muted small' }, h('code', {}, '/codemap'), ' and ', h('code', {}, '/stitch'), AGENT_COMMANDS),
      ),
    );
  }
  for (const g of view.ideaGroups) {
    const list = h('ul', {});
    for (const i of g.ideas)
      list.append(
        h(
          'li',
          { class: i.stale ? 'stale' : undefined },
          `${i.date}${i.ageString ? ` ${i.ageString}` : ''} — ${i.type} — ${i.description}`,
          i.marker && h('span', { class: 'stale-marker' }, i.marker),
        ),
      );
    root.append(h('section', { 'aria-label': g.heading }, h('h2', {}, g.heading), list));
  }
  for (const n of view.notes) root.append(h('p', { class: 'notice' }, n));
  return { root, hits };
}

/** `kb search` results: title matches (tier 1), then content matches (tier 2) with line and snippet. */
export function renderSearchResult(
  r: SearchResult,
  paths: SitePaths,
  slugOf: (path: string) => string | undefined,
): { root: HTMLElement; hits: SelectableHit[] } {
  const root = h('div', { class: 'query-results' });
  const hits: SelectableHit[] = [];
  const desc = [r.request.tag && `tag ${r.request.tag}`, r.request.category && `category ${r.request.category}`, r.request.keyword && `“${r.request.keyword}”`]
    .filter(Boolean)
    .join(', ');
  if (r.invalid) root.append(invalidFacet(r, paths));
  root.append(h('p', { class: 'summary' }, h('strong', {}, `${r.total} notes match ${desc} (${r.shown} shown)`)));
  let n = 0;
  const row = (path: string, title: string, extra?: string) => {
    n++;
    const slug = slugOf(path);
    hits.push({ n, path, slug });
    return h(
      'li',
      { value: n, 'data-n': n },
      h('input', { type: 'checkbox', class: 'pick', 'data-path': path, 'aria-label': `Select ${n}. ${title}` }),
      ' ',
      h('span', { class: 'n' }, `${n}.`),
      slug ? h('a', { href: paths.note(slug), class: 'hit-link' }, title) : h('span', {}, title),
      extra && h('span', { class: 'muted' }, ` ${extra}`),
      h('div', { class: 'path' }, path),
    );
  };
  if (r.titleMatches.length) {
    const list = h('ol', { class: 'results' });
    for (const m of r.titleMatches) list.append(row(m.path, m.title));
    root.append(h('section', { 'aria-label': 'Title matches' }, h('h2', {}, `Title matches (${r.titleMatches.length})`), list));
  }
  if (r.contentMatches.length) {
    const list = h('ol', { class: 'results' });
    for (const m of r.contentMatches) list.append(row(m.path, m.title, `line ${m.line}: ${m.snippet}`));
    root.append(h('section', { 'aria-label': 'Content matches' }, h('h2', {}, `Content matches (${r.contentMatches.length})`), list));
  }
  return { root, hits };
}

/** After the artifacts: what `run /codemap update` means (AgentCommandNote.astro says the same on prerendered pages). */
const AGENT_COMMANDS = " are commands for your coding agent (aria-knowledge's slash commands), run in the project's repo.";

/** A tag or category that does not exist, as `kb search` answers it, its suggestions and file as links. */
function invalidFacet(r: SearchResult, paths: SitePaths): HTMLElement {
  const pieces = invalidFacetPieces(r).map((p) =>
    typeof p === 'string'
      ? p
      : 'lineBreak' in p
        ? h('br', {})
        : 'file' in p
          ? h('a', { href: paths.file(p.file) }, p.file)
          : h('a', { href: paths.query(p.search) }, p.suggestion),
  );
  return h('p', { class: 'notice' }, ...pieces);
}
