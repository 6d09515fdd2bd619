// <kb-copy>: shows its copy button (hidden without JavaScript) and copies the target element's text.
import { packIsland } from '../core/i18n/en/packStrings.ts';
import { islandI18n } from './islandI18n.ts';

class KbCopy extends HTMLElement {
  connectedCallback(): void {
    const { t } = islandI18n(['packIsland'], packIsland);
    const button = this.querySelector<HTMLButtonElement>('[data-copy-target]');
    const status = this.querySelector<HTMLElement>('[data-copy-status]');
    if (!button) return;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const text = document.getElementById(button.dataset['copyTarget'] ?? '')?.textContent ?? '';
      try {
        await navigator.clipboard.writeText(text);
        if (status) status.textContent = t('pack.copiedShort');
      } catch {
        if (status) status.textContent = t('pack.copyRefused');
      }
    });
  }
}

customElements.define('kb-copy', KbCopy);
