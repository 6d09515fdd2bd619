import { eachNode, type MdNode } from './markdownTree.js';
import type { NoteReport } from './renderContext.js';

/**
 * ` ```mermaid ` blocks become `<pre class="mermaid">` holding the diagram's source as text: the page shows
 * the source without JavaScript, and the mermaid island (src/islands/mermaid.ts) draws it in the browser.
 * Nothing is drawn at build time (that would need a browser).
 */
export function transformMermaid(tree: MdNode, report: NoteReport): void {
  eachNode(tree, (n) => {
    if (n.type !== 'code' || n.lang?.toLowerCase() !== 'mermaid') return;
    report.hasMermaid = true;
    n.type = 'kbMermaid';
    // hChildren: the source as written (a text child would have the spaces at its line ends trimmed)
    n.data = { hName: 'pre', hProperties: { className: ['mermaid'] }, hChildren: [{ type: 'text', value: n.value ?? '' }] };
  });
}
