import { stripComments } from '../core/model/stripComments.js';
import { headingAnchor, blockAnchor } from '../core/links/headingAnchor.js';
import type { Wikilink } from '../core/links/parseWikilink.js';
import { transformBlockIds } from './blockIds.js';
import { element, text, textOf, type MdNode } from './markdownTree.js';
import { MAX_EMBED_DEPTH, type NoteContext, type RenderEnv } from './renderContext.js';
import type { EmbedNote } from './wikilinks.js';

/**
 * `![[note]]`, `![[note#Heading]]`, `![[note#^block]]`: the note (or that section, or that block) shown in
 * a framed block titled with a link to its page. The embedded text is transformed like the page's own
 * (its links resolve from its own folder) and sanitised with it. At most MAX_EMBED_DEPTH deep; a note that
 * is already being embedded on the way here (itself, or A ↔ B) shows a notice instead of recursing.
 * Only published notes resolve, so a private, draft or secret-excluded note is never transcluded.
 * Where a block cannot go (a heading, a link), the embed is a plain link to the note.
 */
export function createEmbedNote(env: RenderEnv, transform: (tree: MdNode, ctx: NoteContext) => void): EmbedNote {
  return (note, link, block, ctx) => {
    const part = link.blockId ? `^${link.blockId}` : link.heading;
    const anchor = link.blockId ? `#${blockAnchor(link.blockId)}` : link.heading ? `#${headingAnchor(link.heading)}` : '';
    const source: MdNode = {
      type: 'link',
      url: env.paths.note(note.slug) + anchor,
      children: [text(link.label ?? (part ? `${note.title} › ${part}` : note.title))],
      data: { hProperties: { className: ['wikilink', 'embed-source'] } },
    };
    if (!block) return source;
    if (note.path === ctx.from || ctx.stack.includes(note.path)) return notice(source, 'is already being shown here (the embeds form a cycle); not repeated.');
    if (ctx.depth >= MAX_EMBED_DEPTH) return notice(source, `is not shown here: embeds nest at most ${MAX_EMBED_DEPTH} deep.`);
    const markdown = ctx.lookup(note.path);
    if (markdown === undefined) return notice(source, 'could not be read.');
    ctx.report.embeds.add(note.path);
    const tree = env.parse(stripComments(markdown));
    transformBlockIds(tree);
    const nodes = selectPart(tree, link);
    if (!nodes) return notice(source, `has no ${link.blockId ? `block ^${link.blockId}` : `heading “${link.heading}”`}.`);
    const section = { type: 'root', children: nodes };
    transform(section, { ...ctx, from: note.path, depth: ctx.depth + 1, stack: [...ctx.stack, ctx.from] });
    return block_([element('div', { className: ['embed-title'] }, [source]), element('div', { className: ['embed-body'] }, section.children)], ['embed']);
  };
}

/** The whole note, the section under a heading (to the next heading of the same or a higher level), or one block. */
function selectPart(tree: MdNode, link: Wikilink): MdNode[] | undefined {
  const children = tree.children ?? [];
  if (link.blockId) {
    const found = findBlock(tree, link.blockId);
    return found ? [found.type === 'listItem' ? { type: 'list', children: [found] } : found] : undefined;
  }
  if (!link.heading) return children;
  const wanted = headingAnchor(link.heading);
  const at = children.findIndex((n) => n.type === 'heading' && headingAnchor(textOf(n)) === wanted);
  if (at < 0) return undefined;
  const depth = children[at]!.depth ?? 1;
  let end = at + 1;
  while (end < children.length && !(children[end]!.type === 'heading' && (children[end]!.depth ?? 1) <= depth)) end++;
  return children.slice(at, end);
}

function findBlock(node: MdNode, id: string): MdNode | undefined {
  for (const child of node.children ?? []) {
    if (child.data?.blockId === id) return child;
    const inner = findBlock(child, id);
    if (inner) return inner;
  }
  return undefined;
}

function notice(source: MdNode, why: string): MdNode {
  return block_([{ type: 'paragraph', children: [text('Embedded note '), source, text(` ${why}`)] }], ['embed', 'embed-notice']);
}

function block_(children: MdNode[], classes: string[]): MdNode {
  const node = element('div', { className: classes }, children, 'kbEmbed');
  node.data!.kbBlock = true;
  return node;
}
