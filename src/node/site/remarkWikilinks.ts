import { parseWikilink } from '../../core/site/resolveWikilink.js';
import type { SiteModel } from '../../core/site/siteModel.js';
import type { SitePaths } from '../../core/site/sitePaths.js';

/** What the plugin resolves links with (read at each run: in `astro dev` the MDX pipeline's options follow the folder). */
export interface WikilinkOptions {
  resolveWikilink: SiteModel['resolveWikilink'];
  paths: Pick<SitePaths, 'note'>;
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  url?: string;
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

const WIKILINK = /\[\[[^\]\n]+\]\]/g; // [[ anything but `]` or a newline ]]
const SKIP = new Set(['code', 'inlineCode', 'link', 'linkReference', 'definition', 'html']);

/**
 * remark plugin: `[[target#heading|label]]` in text becomes a link to the note page; a target that
 * names no note becomes a marked span (shown, never a broken link). Code and existing links are left alone.
 */
export function remarkWikilinks(options: WikilinkOptions) {
  return (tree: MdNode) => {
    const { resolveWikilink, paths } = options;
    visit(tree, (text) => {
      const value = text.value ?? '';
      if (!value.includes('[[')) return undefined;
      const out: MdNode[] = [];
      let last = 0;
      for (const m of value.matchAll(WIKILINK)) {
        const parts = parseWikilink(m[0]);
        if (!parts) continue;
        if (m.index > last) out.push({ type: 'text', value: value.slice(last, m.index) });
        const note = parts.target ? resolveWikilink(parts.target) : undefined;
        const anchor = parts.heading
          ? `#${parts.heading
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, '-')
              .replace(/^-|-$/g, '')}`
          : '';
        if (note)
          out.push({
            type: 'link',
            url: paths.note(note.slug) + anchor,
            children: [{ type: 'text', value: parts.label }],
            data: { hProperties: { className: ['wikilink'] } },
          });
        else if (!parts.target) out.push({ type: 'link', url: anchor, children: [{ type: 'text', value: parts.label }] });
        else
          out.push({
            type: 'emphasis',
            children: [{ type: 'text', value: parts.label }],
            data: { hName: 'span', hProperties: { className: ['wikilink-missing'], title: `No note called “${parts.target}” yet` } },
          });
        last = m.index + m[0].length;
      }
      if (!out.length) return undefined;
      if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
      return out;
    });
  };
}

/** Depth-first walk over text nodes; `replace` may return the nodes that take a text node's place. */
function visit(node: MdNode, replace: (text: MdNode) => MdNode[] | undefined): void {
  if (!node.children || SKIP.has(node.type)) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text') next.push(...(replace(child) ?? [child]));
    else {
      visit(child, replace);
      next.push(child);
    }
  }
  node.children = next;
}
