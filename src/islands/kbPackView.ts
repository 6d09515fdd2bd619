// <kb-pack-view>: a pack rendered or as Markdown. With `data-live` (the query page) the rendered view is made here
// from the Markdown (safeMarkdownHtml.ts: raw HTML shown as text, unsafe link protocols dropped), loaded only
// when that view is first shown; the query island sends `kb-pack-updated` after building a pack.
import { packIsland } from '../core/i18n/en/packStrings.ts';
import { islandI18n } from './islandI18n.ts';

type View = 'rendered' | 'raw';

class KbPackView extends HTMLElement {
  private view: View = 'rendered';

  connectedCallback(): void {
    const toggle = this.querySelector<HTMLElement>('.pack-view-toggle');
    if (!toggle) return;
    toggle.hidden = false;
    toggle.addEventListener('click', (e) => {
      const button = (e.target as Element).closest<HTMLButtonElement>('[data-view]');
      if (button) this.show(button.dataset['view'] as View);
    });
    this.addEventListener('kb-pack-updated', () => this.show(this.view));
    this.show(this.view);
  }

  private show(view: View): void {
    this.view = view;
    const rendered = this.querySelector<HTMLElement>('[data-rendered]')!;
    const raw = this.querySelector<HTMLElement>('pre')!;
    for (const b of this.querySelectorAll<HTMLButtonElement>('[data-view]')) b.setAttribute('aria-pressed', String(b.dataset['view'] === view));
    rendered.hidden = view !== 'rendered';
    raw.hidden = view !== 'raw';
    if (view === 'rendered' && this.hasAttribute('data-live')) void this.render(rendered, raw.textContent ?? '');
  }

  private async render(target: HTMLElement, markdown: string): Promise<void> {
    const { safeMarkdownHtml } = await import('../core/document/safeMarkdownHtml.ts');
    // Parsed in an inert document first: a note's image paths are relative to the note, not to this page, so an
    // image is shown as its alt text instead of being fetched from a wrong address.
    const doc = new DOMParser().parseFromString(safeMarkdownHtml(markdown), 'text/html');
    const { t } = islandI18n(['packIsland'], packIsland);
    for (const img of doc.querySelectorAll('img')) img.replaceWith(doc.createTextNode(img.alt ? t('pack.image', { alt: img.alt }) : t('pack.imageNoAlt')));
    target.replaceChildren(...doc.body.childNodes);
    // Code blocks and tables scroll sideways: reachable by keyboard, as on note pages.
    for (const el of target.querySelectorAll<HTMLElement>('pre, table')) el.tabIndex = 0;
  }
}

customElements.define('kb-pack-view', KbPackView);
