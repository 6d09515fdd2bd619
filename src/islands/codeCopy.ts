// A copy button on every code block of a note. Progressive enhancement over the rendered HTML: without JavaScript
// a block is plain code; with it, each block gets a button (named for screen readers, announced when it copied)
// that copies the code's text, never the button's.
import { noteIslands } from '../core/i18n/en/noteIslandsStrings.ts';
import { islandI18n } from './islandI18n.ts';

const COPIED_FOR_MS = 2000;

function setupCodeCopy(): void {
  const blocks = document.querySelectorAll<HTMLPreElement>('.note-body pre:not(.mermaid)');
  if (!blocks.length || !navigator.clipboard) return;
  const { t } = islandI18n(['noteIslands'], noteIslands);
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  document.body.append(status);
  for (const pre of blocks) {
    const code = pre.querySelector('code') ?? pre;
    const wrap = document.createElement('div');
    wrap.className = 'code-block';
    pre.replaceWith(wrap);
    wrap.append(pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = t('code.copy');
    button.setAttribute('aria-label', t('code.copyLabel'));
    wrap.append(button);
    let timer: number | undefined;
    button.addEventListener('click', async () => {
      clearTimeout(timer);
      try {
        await navigator.clipboard.writeText((code.textContent ?? '').replace(/\n$/, ''));
        button.textContent = t('code.copied');
        status.textContent = t('code.copiedStatus');
      } catch {
        button.textContent = t('code.failed');
        status.textContent = t('code.failedStatus');
      }
      timer = window.setTimeout(() => {
        button.textContent = t('code.copy');
        status.textContent = '';
      }, COPIED_FOR_MS);
    });
  }
}

setupCodeCopy();
