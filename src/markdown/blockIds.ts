import { BLOCK_ID, blockAnchor } from '../core/links/headingAnchor.js';
import type { HastNode, MdNode } from './markdownTree.js';

const MARK = /[ \t]\^([A-Za-z0-9-]{1,64})\s*$/; // ` ^block-id` at the very end of a paragraph

/**
 * Obsidian block ids: a paragraph (or list item) ending in ` ^id` loses the marker and becomes the target
 * of `[[note#^id]]`. The id is recorded here as `data-block-id` and made the element's `id` (`^id`) after
 * sanitising (rehypeBlockIds), because the sanitiser prefixes every `id` it sees.
 */
export function transformBlockIds(tree: MdNode): void {
  walk(tree, undefined);
}

function walk(node: MdNode, parent: MdNode | undefined): void {
  for (const child of node.children ?? []) walk(child, node);
  if (node.type !== 'paragraph') return;
  const last = node.children?.[node.children.length - 1];
  const m = last?.type === 'text' ? MARK.exec(last.value!) : null;
  if (!last || !m) return;
  last.value = last.value!.slice(0, m.index);
  const target = parent?.type === 'listItem' && parent.children?.[0] === node ? parent : node;
  target.data = { ...target.data, blockId: m[1]!, hProperties: { ...target.data?.hProperties, dataBlockId: m[1]! } };
}

/** rehype, after the sanitiser: `data-block-id="x"` → `id="^x"`. */
export function rehypeBlockIds() {
  return (tree: HastNode) => {
    const visit = (n: HastNode) => {
      const id = n.properties?.['dataBlockId'];
      if (typeof id === 'string') {
        delete n.properties!['dataBlockId'];
        if (BLOCK_ID.test(id)) n.properties!['id'] = blockAnchor(id);
      }
      n.children?.forEach(visit);
    };
    visit(tree);
  };
}
