import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkRehype, { defaultHandlers } from 'remark-rehype';
import { unified } from 'unified';
import type { LinkResolver } from '../core/links/createLinkResolver.js';
import { stripComments } from '../core/model/stripComments.js';
import { allowList } from './allowList.js';
import { rehypeHeadingIds } from './headingIds.js';
import { rehypeBlockIds } from './blockIds.js';
import { rehypeHighlight } from './highlight.js';
import type { HastNode, MdNode } from './markdownTree.js';
import { katexOptions, rehypeKatex } from './math.js';
import { parseMarkdown } from './parseMarkdown.js';
import { parseMdx, type MdxMarkupNode, type MdxNoteData } from './parseMdx.js';
import { emptyReport, type ImageSize, type NoteContext, type NoteReport, type RenderEnv } from './renderContext.js';
import { createTransform } from './transformNote.js';

export interface NoteRendererOptions {
  /** Keep raw HTML as written instead of sanitising it to the allow-list (`--trust-html`). */
  trustHtml: boolean;
  /** How wikilinks, Markdown links and attachments resolve (src/core/links/createLinkResolver.ts). */
  resolver: LinkResolver;
  /** The site's URLs: a note's page, a file under the site root. */
  paths: RenderEnv['paths'];
  /** Highlight fenced code in the known languages (default true). */
  highlight?: boolean | undefined;
}

/** One note to render. */
export interface NoteInput {
  /** The note's path in the folder (links resolve from its folder). */
  path: string;
  /** The Markdown the page shows. */
  markdown: string;
  /** The Markdown of a note it embeds, by path (undefined: not published, nothing of it is shown). */
  lookup?: ((path: string) => string | undefined) | undefined;
  /** An image attachment's size in pixels, when known. */
  size?: ((path: string) => ImageSize | undefined) | undefined;
  /** The HTML of a fenced block another module claims (src/markdown/claimedFences.ts); undefined: it stays code. */
  fences?: ((lang: string, text: string, from: string) => string | undefined) | undefined;
  /** An `.mdx` note whose code is data: its source is MDX, read with this data (parseMdx.ts). Default: Markdown. */
  mdx?: MdxNoteData | undefined;
}

/** What a note page shows and needs to know: the HTML, and whether it needs the math stylesheet or the diagram island. */
export interface RenderedNote {
  html: string;
  hasMath: boolean;
  hasMermaid: boolean;
  /** The page's headings with their ids (h2–h6, embeds included), for a table of contents. */
  headings: { depth: number; id: string; text: string }[];
  /** Attachments shown or linked (paths in the folder), sorted. */
  attachments: string[];
  /** Notes transcluded at any depth (paths), sorted. */
  embeds: string[];
  /** The note's own links that lead nowhere, with their line in the Markdown. */
  brokenLinks: NoteReport['brokenLinks'];
}

/**
 * The `.md` note pipeline (run by us, not by Astro's `renderMarkdown`): `%% comments %%` removed → GFM and
 * math parsed → our steps (src/markdown/transformNote.ts: block ids, callouts, diagrams, wikilinks, embeds,
 * attachments, highlights) → raw HTML parsed only when a note has some → sanitised to the allow-list
 * unless trusted → block ids, KaTeX, Shiki and heading ids, which build their markup from text →
 * HTML. Synchronous, so a worker thread runs it in a plain loop; one renderer serves many notes.
 */
export function createNoteRenderer(options: NoteRendererOptions): (note: NoteInput) => RenderedNote {
  const env: RenderEnv = { resolver: options.resolver, paths: options.paths, parse: parseMarkdown };
  const transform = createTransform(env);
  const processor = unified()
    .use(markdownItParser)
    .use(() => (tree: unknown, file: { data: Record<string, unknown> }) => transform(tree as MdNode, file.data['kb'] as NoteContext))
    .use(remarkRehype, { allowDangerousHtml: true, handlers: { listItem, mdxMarkup } as never })
    .use(rehypeRawWhenNeeded)
    .use(options.trustHtml ? [] : [[rehypeSanitize, allowList]])
    .use(rehypeBlockIds)
    .use(rehypeKatexWhenNeeded)
    .use(options.highlight === false ? [] : [rehypeHighlight])
    .use(rehypeAccessible)
    .use(rehypeHeadingIds)
    .use(collectHeadings)
    .use(rehypeStringify, { allowDangerousHtml: options.trustHtml })
    .freeze();
  return (note) => {
    const report = emptyReport();
    const ctx: NoteContext = {
      from: note.path,
      depth: 0,
      stack: [],
      lookup: note.lookup ?? (() => undefined),
      size: note.size ?? (() => undefined),
      fence: note.fences,
      report,
      mdx: note.mdx,
    };
    const file = processor.processSync({ value: stripComments(note.markdown), data: { kb: ctx } });
    return {
      html: String(file),
      hasMath: report.hasMath,
      hasMermaid: report.hasMermaid,
      headings: (file.data['kbHeadings'] as RenderedNote['headings'] | undefined) ?? [],
      attachments: [...report.attachments].sort(),
      embeds: [...report.embeds].sort(),
      brokenLinks: report.brokenLinks,
    };
  };
}

/** The processor's parser is ours (src/markdown/parseMarkdown.ts): markdown-it's tokens as mdast; MDX's for `.mdx` notes. */
function markdownItParser(this: { parser: unknown }) {
  this.parser = (doc: string, file: { data: Record<string, unknown> }) => {
    const mdx = (file.data['kb'] as NoteContext).mdx;
    return mdx ? parseMdx(doc, mdx) : parseMarkdown(doc);
  };
}

/** The HTML an `.mdx` note's expression gave, as it is (the sanitiser reads it after). */
const mdxMarkup = (_state: unknown, node: MdxMarkupNode) => node.nodes;

type ListItemHandler = typeof defaultHandlers.listItem;

/**
 * remark-rehype's list item, with its list's looseness worked out once per list: its own handler scans every
 * sibling for each item, so a list of 20,000 items took 37 s. A list is loose when it or any item is spread.
 */
const listItem: ListItemHandler = (state, node, parent) => {
  if (!parent || parent.type !== 'list') return defaultHandlers.listItem(state, node, parent);
  let loose = looseLists.get(parent);
  if (loose === undefined) {
    loose = Boolean(parent.spread) || parent.children.some((item) => item.spread ?? item.children.length > 1);
    looseLists.set(parent, loose);
  }
  return defaultHandlers.listItem(state, { ...node, spread: loose }, undefined);
};
const looseLists = new WeakMap<object, boolean>();

/** KaTeX only for notes that hold math (it walks the whole tree otherwise). */
function rehypeKatexWhenNeeded() {
  const katex = rehypeKatex(katexOptions);
  return (tree: HastNode, file: { data: Record<string, unknown> }) =>
    (file.data['kb'] as NoteContext).report.hasMath ? katex(tree as never, file as never) : undefined;
}

/**
 * One walk for what readers without a mouse or without sight need: a task list's checkboxes (shown, never
 * editable) get an accessible name, "Done" or "To do"; a code block or a table, which scrolls sideways when wider
 * than the page, takes the keyboard focus (tabindex 0) so it can be scrolled (WCAG 2.1.1; axe's
 * scrollable-region-focusable). After highlighting, which rebuilds code blocks.
 */
function rehypeAccessible() {
  return (tree: HastNode) => {
    const visit = (n: HastNode) => {
      if (n.tagName === 'input' && n.properties?.['type'] === 'checkbox') n.properties['ariaLabel'] = n.properties['checked'] ? 'Done' : 'To do';
      else if (n.tagName === 'pre' || n.tagName === 'table') n.properties = { ...n.properties, tabIndex: 0 };
      n.children?.forEach(visit);
    };
    visit(tree);
  };
}

/** h2–h6 with their ids, once heading ids are set. */
function collectHeadings() {
  return (tree: HastNode, file: { data: Record<string, unknown> }) => {
    const out: RenderedNote['headings'] = [];
    const text = (n: HastNode): string => (n.type === 'text' ? (n.value ?? '') : (n.children ?? []).map(text).join(''));
    const visit = (n: HastNode) => {
      const depth = n.type === 'element' && /^h[2-6]$/.test(n.tagName ?? '') ? Number(n.tagName![1]) : 0;
      if (depth && typeof n.properties?.['id'] === 'string') out.push({ depth, id: n.properties['id'], text: text(n).trim() });
      else n.children?.forEach(visit);
    };
    visit(tree);
    file.data['kbHeadings'] = out;
  };
}

/**
 * rehype-raw, only for notes that hold raw HTML: parsing the whole tree through parse5 is the slow part. Raw HTML
 * that would nest elements deeper than MAX_HTML_DEPTH (a pasted page of thousands of unclosed `<div>`s) is shown as
 * the text it is written as, every piece of it in that note: the steps after the parse (parse5's tree into hast, the
 * sanitiser, the HTML writer) recurse once a level and would overflow the stack.
 */
export function rehypeRawWhenNeeded() {
  const raw = rehypeRaw();
  return (tree: HastNode, file: Parameters<typeof raw>[1]) => {
    const pieces: HastNode[] = [];
    collectRaw(tree, pieces);
    if (pieces.length === 0) return undefined;
    if (rawHtmlDepth(pieces.map((p) => p.value ?? '')) > MAX_HTML_DEPTH) {
      for (const p of pieces) p.type = 'text';
      return undefined;
    }
    return raw(tree as Parameters<typeof raw>[0], file);
  };
}

/** Raw HTML may nest elements this deep in a note (markdown-it's own nesting stops at 64 and 100). */
export const MAX_HTML_DEPTH = 256;

function collectRaw(node: HastNode, out: HastNode[]): void {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'raw') out.push(n);
    else if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
}

// Elements that never hold others (void) or that the next of their kind closes (a `<p>`, `<li>` or cell left open).
const FLAT = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const SELF_CLOSING = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'optgroup', 'thead', 'tbody', 'tfoot', 'rb', 'rt', 'rp']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>/g;

/** How deep the raw HTML pieces of a note, read in order as one document, open elements at most (an upper bound). */
export function rawHtmlDepth(pieces: readonly string[]): number {
  let depth = 0;
  let most = 0;
  for (const piece of pieces)
    for (const m of piece.matchAll(TAG)) {
      const name = m[2]!.toLowerCase();
      if (FLAT.has(name) || SELF_CLOSING.has(name) || m[3]) continue;
      if (m[1]) depth = Math.max(0, depth - 1);
      else if (++depth > most) most = depth;
    }
  return most;
}
