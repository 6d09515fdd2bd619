// <kb-search-box>: the header's search. The form alone goes to /search/?q= (Enter, or no JavaScript); as the
// reader types, Pagefind's best matches show below the box (Pagefind is loaded on first focus, with the other
// shards of a large site merged in). Arrows move between the box and the results, Escape closes them. Keys:
// `/` focuses the page's own query box when it has one, else this box; Ctrl/Cmd-K always this box.
import { searchBox } from '../core/i18n/en/searchBoxStrings.ts';
import { islandI18n } from './islandI18n.ts';
import { loadPagefindShards } from './loadPagefindShards.ts';

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  mergeIndex(path: string, o: Record<string, unknown>): Promise<void>;
  debouncedSearch(q: string, o?: Record<string, unknown>, ms?: number): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

const SHOWN = 6;

class KbSearchBox extends HTMLElement {
  private pagefind: Promise<Pagefind> | undefined;
  private readonly i18n = islandI18n(['searchBox'], searchBox);

  connectedCallback(): void {
    const input = this.querySelector<HTMLInputElement>('input[type="search"]');
    const popup = this.querySelector<HTMLElement>('.search-popup');
    if (!input || !popup) return;
    const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);
    const key = this.querySelector<HTMLElement>('.search-key');
    if (key) {
      key.textContent = this.i18n.t(mac ? 'searchBox.keyMac' : 'searchBox.keyCtrl');
      key.hidden = false;
    }
    input.addEventListener('focus', () => void this.load().catch(() => undefined));
    input.addEventListener('input', () => void this.search(input.value));
    input.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown') {
        const first = popup.querySelector<HTMLAnchorElement>('.search-hits a');
        if (first && !popup.hidden) {
          e.preventDefault();
          first.focus();
        }
      } else if (e.key === 'Escape') this.hide();
    });
    popup.addEventListener('keydown', (e) => {
      const links = [...popup.querySelectorAll<HTMLAnchorElement>('a')];
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const next = at + (e.key === 'ArrowDown' ? 1 : -1);
        (next < 0 ? input : links[Math.min(next, links.length - 1)])?.focus();
      } else if (e.key === 'Escape') {
        this.hide();
        input.focus();
      }
    });
    this.addEventListener('focusout', (e) => {
      if (!this.contains(e.relatedTarget as Node | null)) this.hide();
    });
    document.addEventListener('keydown', (e) => shortcut(e, input));
  }

  private load(): Promise<Pagefind> {
    const bundle = this.dataset['bundle'] ?? '/pagefind/';
    this.pagefind ??= (async () => {
      const pagefind = (await import(/* @vite-ignore */ `${bundle}pagefind.js`)) as Pagefind;
      // Pages are indexed with their whole URL path (base included), so results need no base.
      await pagefind.options({ baseUrl: '/', excerptLength: 18 });
      for (const shard of await loadPagefindShards(bundle)) await pagefind.mergeIndex(shard, { baseUrl: '/' });
      return pagefind;
    })();
    return this.pagefind;
  }

  private async search(query: string): Promise<void> {
    const popup = this.querySelector<HTMLElement>('.search-popup')!;
    const status = this.querySelector<HTMLElement>('[role="status"]')!;
    const all = this.querySelector<HTMLAnchorElement>('.search-all')!;
    const q = query.trim();
    if (!q) {
      this.hide();
      status.textContent = '';
      return;
    }
    let found;
    try {
      found = await (await this.load()).debouncedSearch(q, {}, 150);
    } catch {
      return; // no index (dev server): Enter still opens the search page
    }
    if (found === null) return; // a later keystroke superseded this search
    const data = await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
    const list = popup.querySelector('.search-hits')!;
    list.replaceChildren(...data.map(hitItem));
    const url = new URL(all.href, location.href);
    url.searchParams.set('q', q);
    all.href = url.pathname + url.search;
    const n = found.results.length;
    const { t } = this.i18n;
    all.textContent = n ? t('searchBox.allFor', { count: n, query: q }) : t('searchBox.noneFor', { query: q });
    status.textContent = n ? t('searchBox.count', { count: n }) : t('searchBox.none');
    popup.hidden = false;
  }

  private hide(): void {
    const popup = this.querySelector<HTMLElement>('.search-popup');
    if (popup) popup.hidden = true;
  }
}

/** One result: the note's title as a link, and Pagefind's excerpt with only its <mark>s kept as markup. */
function hitItem(hit: PagefindResultData): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = hit.url.startsWith('/') ? hit.url : '#';
  const title = document.createElement('span');
  title.className = 'search-hit-title';
  title.textContent = hit.meta.title ?? hit.url;
  const excerpt = document.createElement('span');
  excerpt.className = 'search-hit-excerpt';
  // Parsed in an inert document; only text and <mark> are carried over.
  const parsed = new DOMParser().parseFromString(`<body>${hit.excerpt}</body>`, 'text/html').body;
  for (const node of parsed.childNodes) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      excerpt.append(mark);
    } else excerpt.append(node.textContent ?? '');
  }
  a.append(title, excerpt);
  li.append(a);
  return li;
}

function shortcut(e: KeyboardEvent, search: HTMLInputElement): void {
  const target = e.target as HTMLElement | null;
  const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
    e.preventDefault();
    search.focus();
    search.select();
  } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing) {
    e.preventDefault();
    const box = document.querySelector<HTMLInputElement>('main input[name="q"]') ?? search;
    box.focus();
    box.select();
  }
}

customElements.define('kb-search-box', KbSearchBox);
