// Isomorphic: the sidebar's list as HTML, one renderer for the branch each page carries (Sidebar.astro) and the
// whole-tree fragment the island loads (kb-sidebar.html), so the two always look the same.
import { englishI18n, type I18n } from '../i18n/createI18n.js';
import { layout } from '../i18n/en/layoutStrings.js';
import { escapeHtml } from '../util/escapeHtml.js';
import type { BranchFolder, BranchItem } from './sidebarTree.js';

/**
 * `<ul class="sb-list">…</ul>`: folders as <details> (lazy ones empty until the fragment fills them), notes as links;
 * `i18n` words the "N more…" button (default English).
 */
export function renderSidebar(
  groups: readonly BranchFolder[],
  noteHref: (slug: string) => string,
  i18n: Pick<I18n<'sidebar.more'>, 't'> = englishI18n(layout),
): string {
  const out: string[] = [];
  const list = (items: readonly BranchItem[], hidden: number) => {
    out.push('<ul class="sb-list">');
    for (const item of items) {
      if (item.kind === 'note') {
        out.push(`<li><a href="${escapeHtml(noteHref(item.slug))}"${item.current ? ' aria-current="page"' : ''}>${escapeHtml(item.title)}</a></li>`);
        continue;
      }
      out.push(
        `<li><details data-id="${escapeHtml(item.id)}"${item.open ? ' open' : ''}${item.lazy ? ' data-lazy' : ''}><summary>${escapeHtml(item.label)}</summary>`,
      );
      if (!item.lazy) list(item.children, item.hidden);
      out.push('</details></li>');
    }
    if (hidden > 0) out.push(`<li class="sb-more"><button type="button" data-more>${escapeHtml(i18n.t('sidebar.more', { count: hidden }))}</button></li>`);
    out.push('</ul>');
  };
  list(groups, 0);
  return out.join('');
}
