// A view tree (src/core/views/viewNode.ts) as DOM nodes. Text goes in as text nodes and attributes through
// setAttribute, so nothing from a note, a tag or the query is ever parsed as HTML.
import type { ViewNode } from '../core/views/viewNode.ts';

export function viewTreeDom(node: ViewNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  if ('literal' in node) return document.createTextNode(node.literal);
  const el = document.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of node.children) el.append(viewTreeDom(c));
  return el;
}
