import { eachNode, element, text, type MdNode } from './markdownTree.js';

/**
 * Obsidian's callout types and their aliases (GitHub's alerts are the same syntax in capitals:
 * NOTE, TIP, IMPORTANT, WARNING, CAUTION). Each type has one style; unknown types look like `note`.
 */
const TYPES: Record<string, string> = {
  note: 'note',
  abstract: 'abstract',
  summary: 'abstract',
  tldr: 'abstract',
  info: 'info',
  todo: 'todo',
  tip: 'tip',
  hint: 'tip',
  important: 'important',
  success: 'success',
  check: 'success',
  done: 'success',
  question: 'question',
  help: 'question',
  faq: 'question',
  warning: 'warning',
  attention: 'warning',
  caution: 'caution',
  failure: 'failure',
  fail: 'failure',
  missing: 'failure',
  danger: 'danger',
  error: 'danger',
  bug: 'bug',
  example: 'example',
  quote: 'quote',
  cite: 'quote',
};

/** Every class a callout may carry (the sanitiser's allow-list reads it). */
export const CALLOUT_CLASSES = ['callout', 'callout-title', 'callout-content', ...new Set(Object.values(TYPES).map((t) => `callout-${t}`))];

// [!type] then + or - (foldable), then the title on the rest of the line
const MARKER = /^\[!([A-Za-z][\w-]{0,40})\]([+-]?)[ \t]*/;

/**
 * `> [!type]± Title` blockquotes become callouts: a framed block with a title line; foldable ones (`-`
 * closed, `+` open) are `<details>`/`<summary>`, so they fold without JavaScript and for screen readers.
 * Nested callouts are blockquotes inside, transformed the same way. Titles are Markdown (inline).
 */
export function transformCallouts(tree: MdNode): void {
  const quotes: MdNode[] = [];
  eachNode(
    tree,
    (n) => {
      if (n.type === 'blockquote') quotes.push(n);
    },
    new Set(['code', 'html']),
  );
  for (const quote of quotes) toCallout(quote);
}

function toCallout(quote: MdNode): void {
  const first = quote.children?.[0];
  const lead = first?.type === 'paragraph' ? first.children?.[0] : undefined;
  const m = lead?.type === 'text' ? MARKER.exec(lead.value ?? '') : null;
  if (!first || !lead || !m) return;
  const written = m[1]!.toLowerCase();
  const type = TYPES[written] ?? 'note';
  const fold = m[2];
  lead.value = lead.value!.slice(m[0].length);
  // The title is the first line of the paragraph; what follows its line break is the callout's first paragraph.
  const inline = first.children!;
  const title: MdNode[] = [];
  const rest: MdNode[] = [];
  let broken = false;
  for (const node of inline) {
    if (broken) rest.push(node);
    else if (node.type === 'text' && node.value!.includes('\n')) {
      const at = node.value!.indexOf('\n');
      if (at > 0) title.push(text(node.value!.slice(0, at)));
      const after = node.value!.slice(at + 1);
      if (after) rest.push(text(after));
      broken = true;
    } else if (node.type === 'break') broken = true;
    else title.push(node);
  }
  const titleNodes = title.filter((n) => !(n.type === 'text' && n.value === ''));
  const heading = titleNodes.length ? titleNodes : [text(capitalise(written))];
  const body = [...(rest.length ? [{ type: 'paragraph', children: rest }] : []), ...(quote.children ?? []).slice(1)];
  const classes = ['callout', `callout-${type}`];
  const titleNode = element(fold ? 'summary' : 'div', { className: ['callout-title'] }, heading);
  const content = element('div', { className: ['callout-content'] }, body);
  quote.type = 'kbCallout';
  quote.children = [titleNode, content];
  quote.data = { hName: fold ? 'details' : 'div', hProperties: { className: classes, dataCallout: written, ...(fold === '+' ? { open: true } : {}) } };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
