import { element, text, type MdNode } from './markdownTree.js';

const SKIP = new Set(['code', 'inlineCode', 'html', 'math', 'inlineMath']);

/**
 * `==text==` becomes `<mark>` (Obsidian's highlight). The marks may wrap other inline Markdown
 * (`==**bold**==`): an opening `==` in one text node is matched with the next closing one among its
 * siblings. An unmatched `==` stays as written.
 */
export function transformHighlights(node: MdNode): void {
  if (!node.children || SKIP.has(node.type)) return;
  for (const child of node.children) transformHighlights(child);
  if (!node.children.some((c) => c.type === 'text' && c.value!.includes('=='))) return;
  // Split every text child at its `==` markers, then pair markers left to right.
  const parts: (MdNode | '==')[] = [];
  for (const child of node.children) {
    if (child.type !== 'text' || !child.value!.includes('==')) {
      parts.push(child);
      continue;
    }
    const pieces = child.value!.split('==');
    pieces.forEach((p, i) => {
      if (i > 0) parts.push('==');
      if (p) parts.push(text(p));
    });
  }
  const out: MdNode[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p !== '==') {
      out.push(p);
      continue;
    }
    const close = parts.indexOf('==', i + 1);
    const inner = parts.slice(i + 1, close) as MdNode[];
    // A mark needs a closing marker and some content that does not start or end with a space.
    if (close < 0 || inner.length === 0 || /^\s|\s$/.test(edgeText(inner))) {
      out.push(text('=='));
      continue;
    }
    out.push(element('mark', {}, inner));
    i = close;
  }
  node.children = mergeText(out);
}

function edgeText(nodes: MdNode[]): string {
  const first = nodes[0]!;
  const last = nodes[nodes.length - 1]!;
  return `${first.type === 'text' ? first.value!.slice(0, 1) : 'x'}${last.type === 'text' ? last.value!.slice(-1) : 'x'}`;
}

function mergeText(nodes: MdNode[]): MdNode[] {
  const out: MdNode[] = [];
  for (const n of nodes) {
    const prev = out[out.length - 1];
    if (n.type === 'text' && prev?.type === 'text') prev.value += n.value!;
    else out.push(n.type === 'text' ? { ...n } : n);
  }
  return out;
}
