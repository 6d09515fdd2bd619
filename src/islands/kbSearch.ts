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
        triggerFilters?: (filters: Record<string, string[]>) => void;
      };
      // Pagefind's box has only a placeholder: give it our visible label.
      const input = this.querySelector<HTMLInputElement>('input.pagefind-ui__search-input');
      const label = this.querySelector<HTMLElement>('[data-search-label]');
      if (input && label) {
        input.id = 'kb-search-input';
        label.hidden = false;
      }
      if (query) ui.triggerSearch?.(query);
      // The first results, of `?q=` or of what the reader types, are checked for every filter. Setting the (still
      // empty) filters again runs the search again; the same term would not.
      void this.searchAgainWithAllFilters(bundle, () => ui.triggerFilters?.({}));
    });
    document.head.append(script);
  }

  /**
   * Pagefind's UI lists the filters its last search returned, and a search returns only the filter chunks loaded by
   * then: a first search, run as the page opens or typed at once, can beat the filters' own load and leave, say, only
   * "category" listed (seen in CI, both ways, on a busy machine). Once the first results are shown (whenever the reader
   * searches), load every filter into the same Pagefind module (an ES module is one instance per URL) and, if the UI
   * lists fewer, search again: the same results, now with every filter.
   */
  private async searchAgainWithAllFilters(bundle: string, search: () => void): Promise<void> {
    await new Promise<void>((resolve) => {
      const ready = () => !!this.querySelector('.pagefind-ui__message')?.textContent?.trim();
      if (ready()) return resolve();
      const observer = new MutationObserver(() => {
        if (!ready()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(this, { childList: true, subtree: true, characterData: true });
    });
    let all: number;
    try {
      const pagefind = (await import(/* @vite-ignore */ `${bundle}pagefind.js`)) as { filters: () => Promise<Record<string, unknown>> };
      all = Object.keys(await pagefind.filters()).length;
    } catch {
      return; // the UI reports a missing bundle itself
    }
    // Never over a reader's own choice: with a filter ticked, its search already lists what it found.
    if (this.querySelectorAll('.pagefind-ui__filter-name').length < all && !this.querySelector('.pagefind-ui__filter-checkbox:checked')) search();
  }
}

customElements.define('kb-search', KbSearch);
