import { isImage, isPublishableAttachment } from '../core/links/attachmentKinds.js';
import { blockAnchor, headingAnchor } from '../core/links/headingAnchor.js';
import { findWikilinks, type Wikilink } from '../core/links/parseWikilink.js';
import type { NoteTarget } from '../core/links/createLinkResolver.js';
import { fileLink, imageNode, missing, report } from './attachments.js';
import { text, type MdNode } from './markdownTree.js';
import type { NoteContext, RenderEnv } from './renderContext.js';

/** Renders `![[note]]` (a block when `block`, else a plain link to it). */
export type EmbedNote = (note: NoteTarget, link: Wikilink, block: boolean, ctx: NoteContext) => MdNode;

/**
 * `[[target#heading|text]]` and `![[…]]` in a text node, resolved the Obsidian way (src/core/links/):
 * a note → a link showing its title (or the given text) to its page and heading; a file → its published
 * copy (images shown); a note embed → `embedNote`; a target that names nothing → visibly marked text, not
 * a link to a 404. Returns the nodes that take the text node's place, or undefined when it has none.
 */
export function expandWikilinks(node: MdNode, env: RenderEnv, ctx: NoteContext, embedNote: EmbedNote, block: boolean): MdNode[] | undefined {
  const value = node.value ?? '';
  const found = findWikilinks(value);
  if (!found.length) return undefined;
  const out: MdNode[] = [];
  let last = 0;
  for (const { start, end, link } of found) {
    if (start > last) out.push(text(value.slice(last, start)));
    out.push(render(link));
    last = end;
  }
  if (last < value.length) out.push(text(value.slice(last)));
  return out;

  function render(link: Wikilink): MdNode {
    const anchor = link.blockId ? `#${blockAnchor(link.blockId)}` : link.heading ? `#${headingAnchor(link.heading)}` : '';
    const part = link.blockId ? `^${link.blockId}` : link.heading;
    if (!link.target) return { type: 'link', url: anchor, children: [text(link.label ?? part ?? '')] };
    if (isPublishableAttachment(link.target)) {
      const path = env.resolver.file(link.target, ctx.from);
      if (!path) {
        report(ctx, node, link.target, 'attachment');
        return missing([text(link.label ?? link.target)], `No file “${link.target}” in the knowledge folder`);
      }
      if (link.embed && isImage(path)) return imageNode(env, ctx, path, link.label);
      return fileLink(env, ctx, path, [text(link.label ?? path.slice(path.lastIndexOf('/') + 1))]);
    }
    const note = env.resolver.note(link.target, ctx.from);
    if (!note) {
      report(ctx, node, link.target, link.embed ? 'embed' : 'wikilink');
      const shown = link.label ?? (part ? `${link.target} › ${part}` : link.target);
      return missing([text(shown)], `No note called “${link.target}” yet`);
    }
    if (link.embed) return embedNote(note, link, block, ctx);
    const shown = link.label ?? (part ? `${note.title} › ${part}` : note.title);
    return { type: 'link', url: env.paths.note(note.slug) + anchor, children: [text(shown)], data: { hProperties: { className: ['wikilink'] } } };
  }
}
