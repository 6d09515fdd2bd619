// <kb-search>: loads Pagefind's UI from the site's own bundle (under the base path) into #search. A large
// site is indexed in shards (scripts/build.mjs): `kb-shards.json` names the other bundles, merged here.
import { loadPagefindShards } from './loadPagefindShards.ts';

interface PagefindUIConstructor {
  new (options: Record<string, unknown>): unknown;
}

class KbSearch extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('[data-nojs]')?.remove();
    const bundle = this.dataset['bundle'] ?? '/pagefind/';
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = `${bundle}pagefind-ui.css`;
    document.head.append(css);
    const shards = loadPagefindShards(bundle);
    const script = document.createElement('script');
    script.src = `${bundle}pagefind-ui.js`;
    script.addEventListener('load', async () => {
      // Pages are indexed with their whole URL path (the site's base included), so results need no base.
      const baseUrl = '/';
      const mergeIndex = (await shards).map((bundlePath) => ({ bundlePath, baseUrl }));
      const PagefindUI = (window as unknown as { PagefindUI: PagefindUIConstructor }).PagefindUI;
      const query = new URLSearchParams(location.search).get('q') ?? '';
      const ui = new PagefindUI({
        element: '#search',
        bundlePath: bundle,
        baseUrl,
        showSubResults: true,
        showImages: false,
        resetStyles: false,
        autofocus: false,
        ...(mergeIndex.length ? { mergeIndex } : {}),
      }) as {
        triggerSearch?: (q: string) => void;
      };
      // Pagefind's box has only a placeholder: give it our visible label.
      const input = this.querySelector<HTMLInputElement>('input.pagefind-ui__search-input');
      const label = this.querySelector<HTMLElement>('[data-search-label]');
      if (input && label) {
        input.id = 'kb-search-input';
        label.hidden = false;
      }
      if (query) ui.triggerSearch?.(query);
    });
    document.head.append(script);
  }
}

customElements.define('kb-search', KbSearch);
