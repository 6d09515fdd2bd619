// <kb-page-pack>: "Pack for this page". Builds, on request, the pack the page's `kb context` command prints
// (browserPack.ts: the same core, byte for byte), shows it through <kb-pack-view>, and offers it as a download.
import type { ContextPack, PackRequest } from '../core/context/packTypes.ts';
import { packFileName } from '../core/site/packFiles.ts';
import { createSitePaths } from '../core/site/sitePaths.ts';
import { localDay } from './ages.ts';
import { browserPack, saveFile } from './browserPack.ts';
import { packIsland } from '../core/i18n/en/packStrings.ts';
import { islandI18n } from './islandI18n.ts';
import { packStatus } from './packStatus.ts';

class KbPagePack extends HTMLElement {
  private pack: ContextPack | undefined;
  private readonly i18n = islandI18n(['packIsland'], packIsland);

  connectedCallback(): void {
    const controls = this.querySelector<HTMLElement>('[data-page-pack-controls]');
    if (!controls) return;
    controls.hidden = false;
    this.querySelector('[data-page-pack-build]')?.addEventListener('click', () => void this.build());
    this.querySelector('[data-download-md]')?.addEventListener('click', () => {
      if (this.pack) saveFile(this, `${packFileName(this.pack.task)}.md`, this.pack.contextPackMarkdown, 'text/markdown');
    });
    this.querySelector('[data-copy]')?.addEventListener('click', () => void this.copy());
  }

  private get status(): HTMLElement {
    return this.querySelector<HTMLElement>('[data-pack-tokens]')!;
  }

  private async build(): Promise<void> {
    this.status.textContent = this.i18n.t('pack.building');
    try {
      const request = { ...(JSON.parse(this.dataset['request'] ?? '{}') as PackRequest), today: localDay(new Date()) };
      const note = this.dataset['note'] === undefined ? undefined : Number(this.dataset['note']);
      const { pack } = await browserPack(createSitePaths(this.dataset['root'] ?? '/'), request, { note });
      this.pack = pack;
      const view = this.querySelector<HTMLElement>('[data-page-pack-view]')!;
      view.hidden = false;
      const out = view.querySelector<HTMLElement>('[data-pack-preview]')!;
      out.textContent = pack.contextPackMarkdown;
      out.closest('kb-pack-view')?.dispatchEvent(new Event('kb-pack-updated'));
      this.status.replaceChildren(...packStatus(pack, this.i18n));
      for (const b of this.querySelectorAll<HTMLButtonElement>('[data-pack-action]')) b.disabled = false;
    } catch (err) {
      this.status.textContent = this.i18n.t('pack.failed', { error: (err as Error).message });
    }
  }

  private async copy(): Promise<void> {
    if (!this.pack) return;
    try {
      await navigator.clipboard.writeText(this.pack.contextPackMarkdown);
      this.status.textContent = this.i18n.t('pack.copied', { count: this.pack.tokens });
    } catch {
      this.status.textContent = this.i18n.t('pack.copyRefused');
    }
  }
}

customElements.define('kb-page-pack', KbPagePack);
