import type { Token } from 'markdown-it';
import { noteTokens, unescapeAll } from '../core/document/noteTokens.js';
import type { MdNode } from './markdownTree.js';

/** Inline markup nested deeper than this is shown flat (its text kept): our steps and remark-rehype recurse. */
const MAX_INLINE_DEPTH = 64;

const TASK = /^\[([ xX])\](?:[ \t]+|$)/;

/**
 * Markdown (front matter already removed) into its syntax tree: the note parser's tokens (noteTokens.ts) become
 * mdast, as remark-parse with remark-gfm and remark-math builds it, which our steps and remark-rehype read.
 * Every node has its start line.
 */
export function parseMarkdown(markdown: string): MdNode {
  return toTree(noteTokens(markdown, 'page'));
}

/** markdown-it's block tokens into mdast. */
function toTree(tokens: Token[]): MdNode {
  const root: MdNode = { type: 'root', children: [] };
  const stack: MdNode[] = [root];
  const tight = new WeakSet<MdNode>(); // paragraphs markdown-it hides: the list they sit in is tight
  let table: { node: MdNode; header: boolean } | undefined;
  const top = () => stack[stack.length - 1]!;
  const add = (node: MdNode, token: Token) => {
    if (token.map) node.position = { start: { line: token.map[0] + 1 } };
    (top().children ??= []).push(node);
    return node;
  };
  const open = (node: MdNode, token: Token) => stack.push(add({ ...node, children: [] }, token));
  for (const t of tokens) {
    switch (t.type) {
      case 'paragraph_open': {
        const p = add({ type: 'paragraph', children: [] }, t);
        if (t.hidden) tight.add(p);
        stack.push(p);
        break;
      }
      case 'heading_open':
        open({ type: 'heading', depth: Number(t.tag.slice(1)) }, t);
        break;
      case 'blockquote_open':
        open({ type: 'blockquote' }, t);
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const start = t.type === 'ordered_list_open' ? Number(t.attrGet('start') ?? 1) : null;
        open({ type: 'list', ordered: start !== null, start, spread: false }, t);
        break;
      }
      case 'list_item_open':
        open({ type: 'listItem', spread: false, checked: null }, t);
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        closeList(stack.pop()!, tight);
        break;
      case 'table_open':
        open({ type: 'table', align: [] }, t);
        table = { node: top(), header: true };
        break;
      case 'tr_open':
        open({ type: 'tableRow' }, t);
        break;
      case 'th_open':
      case 'td_open':
        if (table?.header) table.node.align!.push(/text-align:(\w+)/.exec(t.attrGet('style') ?? '')?.[1] ?? null);
        open({ type: 'tableCell' }, t);
        break;
      case 'tr_close':
        if (table) table.header = false;
        stack.pop();
        break;
      case 'footnote_open': {
        const label = String((t.meta as { label?: string }).label ?? '');
        open({ type: 'footnoteDefinition', identifier: identifierOf(label), label }, t);
        break;
      }
      case 'paragraph_close':
      case 'heading_close':
      case 'blockquote_close':
      case 'list_item_close':
      case 'th_close':
      case 'td_close':
      case 'footnote_close':
        stack.pop();
        break;
      case 'table_close':
        stack.pop();
        table = undefined;
        break;
      case 'inline':
        top().children!.push(...inline(t.children ?? [], t.map ? t.map[0] + 1 : lineOf(stack)));
        break;
      case 'fence': {
        const info = unescapeAll(t.info).trim();
        const space = info.search(/\s/);
        const lang = space < 0 ? info : info.slice(0, space);
        add({ type: 'code', lang: lang || null, meta: space < 0 ? null : info.slice(space).trim() || null, value: withoutFinalEol(t.content) }, t);
        break;
      }
      case 'code_block':
        add({ type: 'code', lang: null, meta: null, value: withoutFinalEol(t.content) }, t);
        break;
      case 'math_block':
        add(displayMath(withoutFinalEol(t.content), t.info || null), t);
        break;
      case 'html_block':
        add({ type: 'html', value: withoutFinalEol(t.content) }, t);
        break;
      case 'hr':
        add({ type: 'thematicBreak' }, t);
        break;
      default: // thead/tbody, the footnote block and its anchors: no node of their own
        break;
    }
  }
  return root;
}

/** The line of the innermost open node that has one (table cells take their row's). */
function lineOf(stack: readonly MdNode[]): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.position) return stack[i]!.position!.start.line;
  return 1;
}

/** A list is loose unless markdown-it hid its paragraphs; a task item loses its `[x] `. */
function closeList(list: MdNode, tight: WeakSet<MdNode>): void {
  const paragraphs = (list.children ?? []).flatMap((item) => (item.children ?? []).filter((c) => c.type === 'paragraph'));
  const spread = paragraphs.length > 0 && !paragraphs.some((p) => tight.has(p));
  list.spread = spread;
  for (const item of list.children ?? []) {
    item.spread = spread;
    const first = item.children?.[0];
    const head = first?.type === 'paragraph' ? first.children?.[0] : undefined;
    const m = head?.type === 'text' ? TASK.exec(head.value!) : null;
    if (!m || (head!.value!.length === m[0].length && first!.children!.length === 1 && !/\n/.test(head!.value!))) continue;
    item.checked = m[1] !== ' ';
    head!.value = head!.value!.slice(m[0].length);
    if (!head!.value) first!.children!.shift();
  }
}

/** An inline token stream into mdast phrasing nodes; `line` is the 1-based line it starts on. */
function inline(tokens: Token[], startLine: number): MdNode[] {
  const root: MdNode = { type: 'root', children: [] };
  const stack: MdNode[] = [root];
  let line = startLine;
  const at = () => ({ start: { line } });
  const push = (node: MdNode) => {
    node.position = at();
    stack[stack.length - 1]!.children!.push(node);
    return node;
  };
  const addText = (value: string) => {
    const siblings = stack[stack.length - 1]!.children!;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text' && !last.data) last.value += value;
    else push({ type: 'text', value });
  };
  const linkified = new WeakSet<MdNode>();
  let flattened = 0; // opening tokens past MAX_INLINE_DEPTH, whose closing tokens are skipped too
  const openNode = (node: MdNode): MdNode | undefined => {
    if (stack.length > MAX_INLINE_DEPTH) return void flattened++;
    const opened = push({ ...node, children: [] });
    stack.push(opened);
    return opened;
  };
  const closeNode = () => (flattened > 0 ? (flattened--, undefined) : stack.pop());
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
      case 'text_special':
        addText(t.content);
        break;
      case 'softbreak':
        addText('\n');
        line++;
        break;
      case 'hardbreak':
        push({ type: 'break' });
        line++;
        break;
      case 'code_inline':
        push({ type: 'inlineCode', value: t.content });
        break;
      case 'math_inline':
        push(inlineMath(t.content));
        line += count(t.content, '\n');
        break;
      case 'html_inline':
        push({ type: 'html', value: t.content });
        line += count(t.content, '\n');
        break;
      case 'em_open':
        openNode({ type: 'emphasis' });
        break;
      case 'strong_open':
        openNode({ type: 'strong' });
        break;
      case 's_open':
        openNode({ type: 'delete' });
        break;
      case 'link_open': {
        const link = openNode({ type: 'link', url: t.attrGet('href') ?? '', title: t.attrGet('title') ?? null });
        if (link && t.markup === 'linkify') linkified.add(link);
        break;
      }
      case 'em_close':
      case 's_close':
      case 'strong_close':
        closeNode();
        break;
      case 'link_close': {
        const link = closeNode();
        if (link && linkified.has(link)) unlessLiteral(link, stack[stack.length - 1]!);
        break;
      }
      case 'image':
        push({ type: 'image', url: t.attrGet('src') ?? '', title: t.attrGet('title') ?? null, alt: plainText(t.children ?? []) });
        break;
      case 'footnote_ref': {
        const label = String((t.meta as { label?: string }).label ?? '');
        push({ type: 'footnoteReference', identifier: identifierOf(label), label });
        break;
      }
      default:
        break;
    }
  }
  return root.children!;
}

/**
 * GFM links bare URLs only when they start with a scheme (`https://`, `mailto:`), `www.` or are an email
 * address; linkify-it also links `example.com`, which GFM leaves as text.
 */
function unlessLiteral(link: MdNode, parent: MdNode): void {
  const shown = (link.children ?? []).map((c) => c.value ?? '').join('');
  if (/^(?:[a-z][a-z0-9+.-]*:|www\.)/i.test(shown) || /@/.test(shown)) return;
  const siblings = parent.children!;
  siblings.pop();
  const last = siblings[siblings.length - 1];
  if (last?.type === 'text' && !last.data) last.value += shown;
  else siblings.push({ type: 'text', value: shown, ...(link.position && { position: link.position }) });
}

const TEXTUAL = new Set(['text', 'text_special', 'code_inline', 'math_inline', 'html_inline']);

/** What an image's alt text reads: the text of its description (raw HTML in it as text, as mdast's toString has it). */
function plainText(tokens: Token[]): string {
  return tokens
    .map((t) => {
      if (t.type === 'image') return plainText(t.children ?? []);
      if (t.type === 'softbreak' || t.type === 'hardbreak') return '\n';
      return TEXTUAL.has(t.type) ? t.content : '';
    })
    .join('');
}

/** A footnote label as mdast identifies it: whitespace collapsed, case folded. */
const identifierOf = (label: string) =>
  label
    .replace(/[\t\n\r ]+/g, ' ')
    .trim()
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();

const withoutFinalEol = (s: string) => (s.endsWith('\n') ? s.slice(0, -1) : s);

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) n++;
  return n;
}

/** remark-math's nodes, with the elements remark-rehype makes of them (rehype-katex typesets those). */
function displayMath(value: string, meta: string | null): MdNode {
  const code = { type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value }] };
  return { type: 'math', meta, value, data: { hName: 'pre', hChildren: [code] } };
}

function inlineMath(value: string): MdNode {
  return {
    type: 'inlineMath',
    value,
    data: { hName: 'code', hProperties: { className: ['language-math', 'math-inline'] }, hChildren: [{ type: 'text', value }] },
  };
}
