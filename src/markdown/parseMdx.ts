// An `.mdx` note whose code is data (src/node/site/mdxCodeCheck.ts) as a Markdown tree the note pipeline renders like
// any note's: parsed by MDX's own parser (remark-parse with remark-mdx and GFM, as @astrojs/mdx reads it), then every
// MDX node resolved to plain Markdown or HTML by reading its data (mdxData.ts): `export const`s are set and removed,
// `{expressions}` become their text or markup, lower-case JSX elements HTML elements, `<Callout type="…">` a
// callout. The result goes through the same steps and the same sanitiser as a `.md` note. Nothing is compiled or run.
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import {
  declareConstants,
  elementOrComponent,
  evaluateProgram,
  markupOf,
  MdxDataError,
  type EsNode,
  type MdxComponent,
  type MdxDataOptions,
} from './mdxData.js';
import { element, textOf, type HastNode, type MdNode } from './markdownTree.js';

/** The note's data the MDX reads: its frontmatter (`frontmatter`), and its title (a first `# Title` repeating it is dropped). */
export interface MdxNoteData {
  frontmatter: unknown;
  title: string;
}

/** A node holding HTML an expression gave (createNoteRenderer's remark-rehype handler passes it on as it is). */
export interface MdxMarkupNode extends MdNode {
  type: 'mdxMarkup';
  nodes: HastNode[];
}

interface MdxNode extends MdNode {
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown; data?: { estree?: EsNode } }[];
  data?: MdNode['data'] & { estree?: EsNode };
}

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).freeze();

/** The components an `.mdx` note may use as data: the portal's own. */
const COMPONENTS: Record<string, MdxComponent> = {};

export { MdxDataError };

/** The MDX source (frontmatter removed) as a Markdown tree without MDX nodes; throws MdxDataError for what is not data. */
export function parseMdx(source: string, note: MdxNoteData): MdNode {
  const tree = parser.parse(source) as unknown as MdxNode;
  const frontmatter = note.frontmatter !== null && typeof note.frontmatter === 'object' ? note.frontmatter : {};
  const options: MdxDataOptions = {
    scope: new Map<string, unknown>([
      ['frontmatter', frontmatter],
      ['props', {}],
    ]),
    components: COMPONENTS,
  };
  for (const child of tree.children ?? []) if (child.type === 'mdxjsEsm') declareConstants(estreeOf(child as MdxNode), options);
  resolveChildren(tree, options);
  const first = tree.children?.[0];
  if (first?.type === 'heading' && first.depth === 1 && textOf(first).trim() === note.title.trim()) tree.children!.shift();
  return tree;
}

function estreeOf(node: MdxNode): EsNode {
  const estree = node.data?.estree;
  if (!estree) throw new MdxDataError(`${node.type} without its code`);
  return estree;
}

/** Each MDX node below `parent` replaced by what it stands for. */
function resolveChildren(parent: MdNode, options: MdxDataOptions): void {
  if (!parent.children) return;
  const out: MdNode[] = [];
  for (const child of parent.children) out.push(...resolve(child as MdxNode, options));
  parent.children = out;
}

function resolve(node: MdxNode, options: MdxDataOptions): MdNode[] {
  switch (node.type) {
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const nodes = markupOf(evaluateProgram(estreeOf(node), options));
      return nodes.length ? [markup(nodes, node)] : [];
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return jsxElement(node, options);
    default:
      resolveChildren(node, options);
      return node.type === 'paragraph' ? splitParagraph(node) : [node];
  }
}

/** A paragraph holding a callout (`<Callout>` written inline): the callout as a block between the text around it. */
function splitParagraph(paragraph: MdNode): MdNode[] {
  const children = paragraph.children ?? [];
  if (!children.some((c) => c.type === 'blockquote')) return [paragraph];
  const out: MdNode[] = [];
  let run: MdNode[] = [];
  const flush = () => {
    if (run.some((c) => c.type !== 'text' || (c.value ?? '').trim() !== '')) out.push({ ...paragraph, children: run });
    run = [];
  };
  for (const child of children) {
    if (child.type !== 'blockquote') run.push(child);
    else {
      flush();
      out.push(child);
    }
  }
  flush();
  return out;
}

function markup(nodes: HastNode[], at: MdNode): MdxMarkupNode {
  return { type: 'mdxMarkup', nodes, ...(at.position ? { position: at.position } : {}) };
}

/** `<tag …>Markdown</tag>`: a fragment's children, an HTML element, or a component. */
function jsxElement(node: MdxNode, options: MdxDataOptions): MdNode[] {
  resolveChildren(node, options);
  const children = node.children ?? [];
  if (!node.name) return children; // <>…</>
  const props = Object.create(null) as Record<string, unknown>;
  for (const a of node.attributes ?? []) {
    if (a.type === 'mdxJsxExpressionAttribute') {
      const spread = evaluateProgram(a.data?.estree ?? fail('a spread without its code'), options);
      if (spread && typeof spread === 'object') for (const key of Object.keys(spread)) props[key] = (spread as Record<string, unknown>)[key];
      continue;
    }
    const value = a.value;
    props[a.name ?? ''] =
      value === null || value === undefined
        ? true
        : typeof value === 'string'
          ? value
          : evaluateProgram((value as { data?: { estree?: EsNode } }).data?.estree ?? fail('an attribute without its code'), options);
  }
  if (node.name === 'Callout') return [callout(props, children, node)];
  // An HTML element: its attributes as the pipeline's elements carry them, its children still Markdown.
  const [made] = elementOrComponent(node.name, props, [], options);
  if (!made || made.type !== 'element') return fail(`<${node.name}>`);
  const el = element(made.tagName!, made.properties ?? {}, children);
  if (node.position) el.position = node.position;
  return [el];
}

/** `<Callout type="warning">…</Callout>`: the callout `> [!warning]` would make (note when no type is given). */
function callout(props: Record<string, unknown>, children: MdNode[], at: MdNode): MdNode {
  const type = typeof props['type'] === 'string' && /^[\w-]+$/.test(props['type']) ? props['type'] : 'note';
  const quote: MdNode = { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'text', value: `[!${type}]` }] }, ...wrapInline(children)] };
  if (at.position) quote.position = at.position;
  return quote;
}

/** Inline children (a one-line `<Callout>text</Callout>`) in a paragraph, so they sit in the callout's body as blocks do. */
function wrapInline(children: MdNode[]): MdNode[] {
  const BLOCKS = new Set(['paragraph', 'heading', 'list', 'blockquote', 'code', 'table', 'thematicBreak', 'html', 'kbElement', 'math']);
  if (children.every((c) => BLOCKS.has(c.type))) return children;
  return [{ type: 'paragraph', children }];
}

function fail(what: string): never {
  throw new MdxDataError(what);
}
