// A view tree (viewNode.ts) as an HTML string. It escapes the way Astro's own rendering does, so a component
// that moved its markup into a tree renders the same bytes: text from data as html-escaper escapes it
// (`& < > " '`), attribute values with Astro's `&#38;` and `&#34;` and, beyond Astro, `<` and `>` too.
import { escapeHtml } from '../util/escapeHtml.js';
import type { ViewAttr, ViewNode } from './viewNode.js';

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr']);
const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTR: Record<string, string> = { '&': '&#38;', '"': '&#34;', '<': '&lt;', '>': '&gt;' };

export function renderViewHtml(node: ViewNode | readonly ViewNode[]): string {
  if (Array.isArray(node)) return node.map((n: ViewNode) => renderViewHtml(n)).join('');
  const n = node as ViewNode;
  if (typeof n === 'string') return escapeHtml(n);
  if ('literal' in n) return n.literal.replace(/[&<>]/g, (c) => TEXT[c]!);
  const open = `<${n.tag}${Object.entries(n.attrs)
    .map(([k, v]) => attribute(k, v))
    .join('')}>`;
  return VOID.has(n.tag) ? open : `${open}${renderViewHtml(n.children)}</${n.tag}>`;
}

function attribute(key: string, value: ViewAttr): string {
  if (value === undefined || value === false) return '';
  if (value === true) return ` ${key}`;
  return ` ${key}="${String(value).replace(/[&"<>]/g, (c) => ATTR[c]!)}"`;
}
