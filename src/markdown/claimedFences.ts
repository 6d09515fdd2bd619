import { eachNode, type MdNode } from './markdownTree.js';
import type { NoteContext } from './renderContext.js';

/**
 * Fenced code blocks another module renders (a ```` ```base ```` block: src/core/bases/renderBase.ts): the block
 * becomes that module's HTML, which the sanitiser then checks like any HTML in the note. A block no module claims
 * (the renderer's `fences` returns undefined) stays code.
 */
export function transformClaimedFences(tree: MdNode, ctx: NoteContext): void {
  const fence = ctx.fence;
  if (!fence) return;
  eachNode(tree, (n) => {
    if (n.type !== 'code' || !n.lang) return;
    const html = fence(n.lang.toLowerCase(), n.value ?? '', ctx.from);
    if (html === undefined) return;
    n.type = 'html';
    n.value = html;
  });
}
