// Diagrams: each <pre class="mermaid"> (its source, shown as text without JavaScript) is drawn by the mermaid
// package, loaded only on a page that has one, in the page's theme (light/dark from `data-theme` on <html>, else
// the reader's preference), and redrawn when the theme changes. Mermaid's `strict` security level sanitises
// labels and disables click handlers, so a diagram's source cannot run script. A source mermaid cannot parse
// stays shown as text. Mermaid's prebuilt module is published beside the site (emitNoteAssets.ts); the page
// names its URL in `data-kb-mermaid` (outside the note's text, which the sanitiser keeps free of such attributes).
import { noteIslands } from '../core/i18n/en/noteIslandsStrings.ts';
import { islandI18n } from './islandI18n.ts';

type Mermaid = (typeof import('mermaid'))['default'];

const blocks = [...document.querySelectorAll<HTMLPreElement>('.note-body pre.mermaid')];
const src = [...document.querySelectorAll<HTMLElement>('[data-kb-mermaid]')].find((el) => !el.closest('.note-body'))?.dataset['kbMermaid'];
const sources = new WeakMap<HTMLPreElement, string>(); // kept in memory, not in an attribute of the page
if (blocks.length && src) void draw(blocks, src);

function isDark(): boolean {
  const theme = document.documentElement.dataset['theme'];
  return theme ? theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
}

async function draw(pres: HTMLPreElement[], url: string): Promise<void> {
  const mermaid = ((await import(/* @vite-ignore */ url)) as { default: Mermaid }).default;
  const { t } = islandI18n(['noteIslands'], noteIslands);
  let drawing = Promise.resolve();
  const render = async () => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: isDark() ? 'dark' : 'default' });
    for (const [i, pre] of pres.entries()) {
      if (!sources.has(pre)) sources.set(pre, pre.textContent ?? '');
      const source = sources.get(pre)!;
      if (!(await mermaid.parse(source, { suppressErrors: true }))) continue;
      const { svg } = await mermaid.render(`kb-mermaid-${i}`, source);
      let figure =
        pre.nextElementSibling instanceof HTMLElement && pre.nextElementSibling.classList.contains('mermaid-diagram') ? pre.nextElementSibling : undefined;
      if (!figure) {
        figure = document.createElement('div');
        figure.className = 'mermaid-diagram';
        figure.setAttribute('role', 'img');
        figure.setAttribute('aria-label', t('diagram.label', { title: source.split('\n')[0]!.trim().slice(0, 80) }));
        pre.after(figure);
      }
      figure.innerHTML = svg; // mermaid's own output, sanitised by it (securityLevel: strict)
      pre.hidden = true;
    }
  };
  const redraw = () => (drawing = drawing.then(render, render));
  redraw();
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
  new MutationObserver(redraw).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
