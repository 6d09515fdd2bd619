// <kb-copy>: shows its copy button (hidden without JavaScript) and copies the target element's text.
class KbCopy extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector<HTMLButtonElement>('[data-copy-target]');
    const status = this.querySelector<HTMLElement>('[data-copy-status]');
    if (!button) return;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const text = document.getElementById(button.dataset['copyTarget'] ?? '')?.textContent ?? '';
      try {
        await navigator.clipboard.writeText(text);
        if (status) status.textContent = 'Copied.';
      } catch {
        if (status) status.textContent = 'Copying was refused by the browser; use the download instead.';
      }
    });
  }
}

customElements.define('kb-copy', KbCopy);
