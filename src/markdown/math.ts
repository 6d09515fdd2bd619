import rehypeKatex from 'rehype-katex';
import { eachNode, text, type MdNode } from './markdownTree.js';
import type { NoteReport } from './renderContext.js';

/**
 * `$…$` and `$$…$$` (remark-math) are typeset at build time by KaTeX (rehype-katex), after the sanitiser:
 * KaTeX builds its HTML and MathML from the formula as text, with `trust: false` (no `\href`, `\url`,
 * `\htmlClass`…), so nothing a formula says becomes markup. Obsidian's rule keeps prices as text: an inline
 * formula may not start or end with a space (`$5 and $10` is no formula).
 */
export function transformMath(tree: MdNode, report: NoteReport): void {
  eachNode(tree, (n, parent) => {
    if (n.type === 'math') report.hasMath = true;
    if (n.type !== 'inlineMath') return;
    if (/^\s|\s$/.test(n.value ?? '') || !n.value) {
      const at = parent.children!.indexOf(n);
      parent.children!.splice(at, 1, text(`$${n.value ?? ''}$`));
      return;
    }
    report.hasMath = true;
  });
}

export const katexOptions = { throwOnError: false, trust: false, strict: 'ignore', output: 'htmlAndMathml', maxExpand: 1000, maxSize: 50 } as const;

export { rehypeKatex };
