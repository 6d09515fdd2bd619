// The Markdown syntax tree as our plugins see it (mdast, loosely typed: plugins add nodes of their own that
// remark-rehype turns into elements through `data.hName`), and a few helpers to build and read it.
export interface MdNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  title?: string | null;
  lang?: string | null;
  depth?: number;
  meta?: string | null;
  ordered?: boolean;
  start?: number | null;
  spread?: boolean;
  checked?: boolean | null;
  align?: (string | null)[];
  identifier?: string;
  label?: string;
  children?: MdNode[];
  position?: { start: { line: number } };
  data?: { hName?: string; hProperties?: Record<string, unknown>; hChildren?: unknown[]; blockId?: string; kbBlock?: boolean };
}

/** The HTML syntax tree (hast) as our rehype steps see it, loosely typed like MdNode. */
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** A node remark-rehype renders as the element `tag` with these properties. */
export function element(tag: string, properties: Record<string, unknown>, children: MdNode[], type = 'kbElement'): MdNode {
  return { type, data: { hName: tag, hProperties: properties }, children };
}

export const text = (value: string): MdNode => ({ type: 'text', value });

/** The text of a node and its descendants, as shown. */
export function textOf(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Calls `visit` on every node below `node`, parents first, skipping the subtrees of the node types in `skip`. */
export function eachNode(node: MdNode, visit: (n: MdNode, parent: MdNode) => void, skip: ReadonlySet<string> = new Set()): void {
  for (const child of node.children ?? []) {
    visit(child, node);
    if (!skip.has(child.type)) eachNode(child, visit, skip);
  }
}
