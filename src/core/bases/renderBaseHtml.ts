// Isomorphic: a base's result as static HTML: a table, cards or a list per view, each with its name, its count and
// what it could not compute. Every text is escaped here, and only elements, attributes and classes the note
// sanitiser allows are used (BASE_HTML_CLASSES), so the same HTML can sit in a note's page through the sanitiser.
// Tables sort in the browser when src/islands/baseSort.ts is on the page; without it they read in the base's order.
import { escapeHtml } from '../util/escapeHtml.js';
import { displayText, isFile, isLink, isList, type Value } from './baseValue.js';
import type { BaseResult, BaseRow, BaseViewResult } from './runBase.js';

/** Where the rendered rows and values link to. */
export interface BaseHtmlLinks {
  /** The page of a row or of a file a value names, by path, with its title; undefined when it has none. */
  page(path: string): { href: string; title: string } | undefined;
  /** An image for a card: a published attachment or an http(s) URL the value names, seen from the row. */
  image(value: Value, from: string): string | undefined;
}

/** The classes this HTML uses, by element: the sanitiser's allow-list adds them (src/markdown/allowList.ts). */
export const BASE_HTML_CLASSES = {
  div: ['base', 'base-view', 'base-view-head', 'base-group', 'base-group-label', 'base-problems', 'base-table'],
  span: ['base-count', 'base-empty', 'base-meta'],
  ul: ['base-cards', 'base-list'],
  li: ['base-card'],
  a: ['base-link'],
} as const;

export function renderBaseHtml(result: BaseResult, links: BaseHtmlLinks): string {
  return `<div class="base">${result.views.map((view) => renderView(view, links)).join('')}</div>`;
}

function renderView(view: BaseViewResult, links: BaseHtmlLinks): string {
  const shown = view.groups.reduce((n, g) => n + g.rows.length, 0);
  const count = shown === view.total ? plural(view.total, 'result') : `${shown} of ${plural(view.total, 'result')}`;
  const head = `<div class="base-view-head"><strong>${escapeHtml(view.name)}</strong> <span class="base-count">${count}</span></div>`;
  const problems = view.problems.length
    ? `<div class="base-problems" role="note"><p>This view could not compute everything:</p><ul>${view.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>`
    : '';
  const body = view.groups
    .map((g) => {
      const inner = renderRows(view, g.rows, links, g.label);
      if (g.label === undefined) return inner;
      const label = g.label === '' ? '<span class="base-empty">(none)</span>' : escapeHtml(g.label);
      return `<div class="base-group"><div class="base-group-label">${label} <span class="base-count">${g.rows.length}</span></div>${inner}</div>`;
    })
    .join('');
  const empty = view.total === 0 ? '<p><span class="base-empty">No notes match this view.</span></p>' : '';
  return `<div class="base-view">${head}${problems}${body}${empty}</div>`;
}

function renderRows(view: BaseViewResult, rows: readonly BaseRow[], links: BaseHtmlLinks, group: string | undefined): string {
  if (!rows.length) return '';
  const label = group === undefined ? view.name : `${view.name}: ${group || '(none)'}`;
  if (view.layout === 'table') {
    const head = view.columns.map((c) => `<th scope="col">${escapeHtml(c.label)}</th>`).join('');
    const body = rows.map((row) => `<tr>${view.columns.map((c, i) => `<td>${cell(c.id, row, row.cells[i]!, links)}</td>`).join('')}</tr>`).join('');
    return `<div class="base-table"><table aria-label="${escapeHtml(label)}" tabindex="0"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  }
  if (view.layout === 'cards') {
    const cards = rows.map((row) => {
      const src = row.image === undefined || row.image === null ? undefined : links.image(row.image, row.path);
      const img = src ? `<img src="${escapeHtml(src)}" alt="" loading="lazy" decoding="async">` : '';
      const fields = view.columns
        .map((c, i) => [c, row.cells[i]!] as const)
        .filter(([c, v]) => c.id !== 'file.name' && v !== null && displayText(v) !== '')
        .map(([c, v]) => `<dt>${escapeHtml(c.label)}</dt><dd>${cell(c.id, row, v, links)}</dd>`)
        .join('');
      return `<li class="base-card">${img}${rowLink(row, links)}${fields ? `<dl>${fields}</dl>` : ''}</li>`;
    });
    return `<ul class="base-cards" aria-label="${escapeHtml(label)}">${cards.join('')}</ul>`;
  }
  const items = rows.map((row) => {
    const meta = view.columns
      .map((c, i) => [c, row.cells[i]!] as const)
      .filter(([c, v]) => c.id !== 'file.name' && v !== null && displayText(v) !== '')
      .map(([, v]) => cell('', row, v, links))
      .join(' · ');
    return `<li>${rowLink(row, links)}${meta ? ` <span class="base-meta">${meta}</span>` : ''}</li>`;
  });
  return `<ul class="base-list" aria-label="${escapeHtml(label)}">${items.join('')}</ul>`;
}

function rowLink(row: BaseRow, links: BaseHtmlLinks): string {
  const page = links.page(row.path);
  return page ? `<a class="base-link" href="${escapeHtml(page.href)}">${escapeHtml(row.title)}</a>` : escapeHtml(row.title);
}

/** A cell: the file name column is the row's link; links and files link to their pages; lists are joined. */
function cell(column: string, row: BaseRow, value: Value, links: BaseHtmlLinks): string {
  if (column === 'file.name') return rowLink(row, links);
  return valueHtml(value, links);
}

function valueHtml(value: Value, links: BaseHtmlLinks): string {
  if (value === null) return '';
  if (isList(value)) return value.map((v) => valueHtml(v, links)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isLink(value) || isFile(value)) {
    const page = value.path ? links.page(value.path) : undefined;
    const external = isLink(value) && !value.path && /^https?:\/\//i.test(value.target) ? value.target : undefined;
    const shown = (isLink(value) ? value.display : undefined) ?? page?.title ?? (isLink(value) ? value.target : nameOf(value.path));
    const href = page?.href ?? external;
    return href ? `<a class="base-link" href="${escapeHtml(href)}">${escapeHtml(shown)}</a>` : escapeHtml(shown);
  }
  return escapeHtml(displayText(value));
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.mdx?$/i, '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
