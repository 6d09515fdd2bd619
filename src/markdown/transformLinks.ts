import { resolveHrefs } from './attachments.js';
import type { MdNode } from './markdownTree.js';
import type { NoteContext, RenderEnv } from './renderContext.js';
import { expandWikilinks, type EmbedNote } from './wikilinks.js';

const SKIP = new Set(['code', 'inlineCode', 'html', 'math', 'inlineMath', 'kbMermaid']);
/** Where an embed may be a block: its own paragraph (split around it) and table cells (a `<div>` in a `<td>`). */
const BLOCK_OK = new Set(['paragraph', 'tableCell']);

/** Wikilinks, embeds, Markdown links and attachments of a note's tree, resolved (wikilinks.ts, attachments.ts). */
export function transformLinks(node: MdNode, env: RenderEnv, ctx: NoteContext, embedNote: EmbedNote): void {
  links(node, env, ctx, embedNote);
}

function links(node: MdNode, env: RenderEnv, ctx: NoteContext, embedNote: EmbedNote): void {
  if (!node.children || SKIP.has(node.type)) return;
  const inLink = node.type === 'link' || node.type === 'linkReference';
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text') {
      next.push(...((!inLink && expandWikilinks(child, env, ctx, embedNote, BLOCK_OK.has(node.type))) || [child]));
      continue;
    }
    const replaced = resolveHrefs(child, env, ctx);
    if (replaced) {
      next.push(...replaced);
      continue;
    }
    links(child, env, ctx, embedNote);
    next.push(child);
  }
  node.children = next.flatMap((child) => (child.type === 'paragraph' ? splitAroundBlocks(child) : [child]));
}

/** A paragraph holding block embeds becomes paragraphs and blocks in order (a `<div>` cannot sit in a `<p>`). */
function splitAroundBlocks(paragraph: MdNode): MdNode[] {
  const children = paragraph.children ?? [];
  if (!children.some((c) => c.data?.kbBlock)) return [paragraph];
  const out: MdNode[] = [];
  let run: MdNode[] = [];
  const flush = () => {
    if (run.some((n) => n.type !== 'text' || n.value!.trim() !== '')) out.push({ type: 'paragraph', children: run });
    run = [];
  };
  for (const c of children) {
    if (c.data?.kbBlock) {
      flush();
      out.push(c);
    } else run.push(c);
  }
  flush();
  return out;
}
