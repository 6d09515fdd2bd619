// The query view's markup, declared once: the tag and project pages serialise it at build time
// (src/components/QueryResults.astro), the query island builds it in the browser (src/islands/renderQueryView.ts).
// `interactive` adds what only the island has (a checkbox per hit, "show the other results"); the prerendered
// page adds what only it needs (the inputs its script uses to redo ages with the reader's date). The spaces
// are where Astro's compressed template put them, so the prerendered pages keep their bytes.
import {
  englishQueryWords,
  hitAnnotation,
  knownTagAliases,
  type AgeSource,
  type ArtifactView,
  type HitView,
  type IdeaView,
  type QueryView,
  type QueryViewWords,
} from './queryView.js';
import type { SitePaths } from '../site/sitePaths.js';
import { el, literal, type ViewAttr, type ViewElement, type ViewNode } from './viewNode.js';

export interface QueryViewTreeOptions {
  /** The island's rendering: selectable rows, `data-n`, `hit-link` and the "show more" button; no live ages. */
  interactive: boolean;
  /** The words around the answer, in the page's language. Default English. */
  words?: QueryViewWords | undefined;
}

type Paths = Pick<SitePaths, 'note' | 'tag'>;

/**
 * What the artifacts are followed by: the remediations name the coding agent's commands, not this site's. The
 * message's `{codemap}` and `{stitch}` are code; its line ends as the prerendered pages always had it.
 */
function agentCommands(t: QueryViewWords['t']): ViewNode[] {
  const [before, between, after] = t('queryView.agentCommands').split(/\{codemap\}|\{stitch\}/);
  return [' ', ...(before ? [before] : []), el('code', {}, '/codemap'), between ?? '', el('code', {}, '/stitch'), literal(`${after ?? ''}\n`)];
}

export function queryViewTree(view: QueryView, paths: Paths, { interactive, words = englishQueryWords() }: QueryViewTreeOptions): ViewElement {
  const { t } = words;
  const notice = (n: string) => el('p', { class: 'notice' }, n);
  const rest = view.total - view.shown;
  return el(
    'div',
    { class: 'query-results' },
    ' ',
    view.notices.map(notice),
    view.usage && notice(view.usage),
    ' ',
    view.summary && el('p', { class: 'summary' }, ' ', el('strong', {}, view.summary), ' '),
    ' ',
    view.groups.map((g) =>
      el(
        'section',
        { 'aria-label': g.heading ?? t('queryView.results') },
        ' ',
        g.heading && el('h2', {}, g.heading),
        ' ',
        el(
          'ol',
          { class: 'results' },
          ' ',
          g.hits.map((h) => hitRow(h, paths, interactive, words)),
          ' ',
        ),
        ' ',
      ),
    ),
    interactive &&
      rest > 0 &&
      el('p', { class: 'actions' }, el('button', { type: 'button', class: 'secondary', 'data-show-more': true }, t('queryView.showOthers', { count: rest }))),
    ' ',
    view.emptyNotes.map(notice),
    ' ',
    view.knownTags &&
      el(
        'p',
        {},
        `\n${t('queryView.knownTags')}\n`,
        view.knownTags.map((k, i) =>
          el('span', {}, ' ', i > 0 ? ', ' : ' ', ' ', el('a', { href: paths.tag(k.tag) }, k.tag), ' ', knownTagAliases(k.aliases), ' '),
        ),
        ' ',
      ),
    ' ',
    view.artifacts.length > 0 &&
      el(
        'section',
        { 'aria-label': t('queryView.artifacts') },
        ' ',
        el('h2', {}, t('queryView.artifactsCount', { count: view.artifacts.length })),
        ' ',
        el(
          'ol',
          { class: 'results' },
          ' ',
          view.artifacts.map((a) => artifactRow(a, interactive, words)),
          ' ',
        ),
        ' ',
        el('p', { class: 'muted small' }, ...agentCommands(t)),
        ' ',
      ),
    ' ',
    view.ideaGroups.map((g) =>
      el(
        'section',
        { 'aria-label': g.heading },
        ' ',
        el('h2', {}, g.heading),
        ' ',
        el(
          'ul',
          {},
          ' ',
          g.ideas.map((i) => ideaRow(i, interactive)),
          ' ',
        ),
        ' ',
      ),
    ),
    ' ',
    view.notes.map(notice),
    ' ',
  );
}

function hitRow(h: HitView, paths: Paths, interactive: boolean, words: QueryViewWords): ViewElement {
  return el(
    'li',
    { value: h.n, 'data-n': interactive && h.n },
    ' ',
    interactive && [
      el('input', { type: 'checkbox', class: 'pick', 'data-path': h.path, 'aria-label': words.t('queryView.select', { n: h.n, title: h.title }) }),
      ' ',
    ],
    el('span', { class: 'n' }, `${h.n}.`),
    ' ',
    h.slug ? el('a', { href: paths.note(h.slug), class: interactive && 'hit-link' }, h.title) : el('span', {}, h.title),
    ' — ',
    h.description,
    ' ',
    el('span', { class: 'muted' }, ' ', hitAnnotation(h, words)),
    ' ',
    h.hint && el('span', { class: 'hint' }, ' ', words.t('queryView.hint', { hint: h.hint })),
    ' ',
    el('div', { class: 'path' }, h.path),
    ' ',
  );
}

/** The inputs of an age the prerendered page recomputes with the reader's date (the island already used it). */
function ageAttrs(kind: string, age: AgeSource | undefined, interactive: boolean): Record<string, ViewAttr> {
  if (interactive || !age) return {};
  return { 'data-age': kind, 'data-date': age.date, 'data-threshold': age.threshold, 'data-remediation': age.remediation };
}

function artifactRow(a: ArtifactView, interactive: boolean, words: QueryViewWords): ViewElement {
  return el(
    'li',
    { value: a.n, 'data-stale-row': !interactive, class: a.stale ? 'stale' : undefined },
    ' ',
    el('span', { class: 'n' }, `${a.n}.`),
    ' ',
    el('code', {}, a.path),
    ' —',
    ' ',
    ' ',
    el('span', ageAttrs('artifact', a.age, interactive), ' ', a.state, ' '),
    ' ',
    ' ',
    el('span', { class: 'muted' }, words.t('queryView.project', { project: a.project })),
    ' ',
  );
}

function ideaRow(i: IdeaView, interactive: boolean): ViewElement {
  return el(
    'li',
    { 'data-stale-row': !interactive, class: i.stale ? 'stale' : undefined },
    ' ',
    i.date,
    ' ',
    ' ',
    el('span', ageAttrs('age', i.age, interactive), ' ', i.ageString, ' '),
    ' ',
    '\n— ',
    i.type,
    ' — ',
    i.description,
    ' ',
    el('span', { class: 'stale-marker', ...ageAttrs('marker', i.age, interactive) }, ' ', i.marker, ' '),
    ' ',
  );
}
