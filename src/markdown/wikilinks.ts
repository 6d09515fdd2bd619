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
    if (!link.target) {
      if (anchor) return { type: 'link', url: anchor, children: labelled(link.label ?? part ?? '') };
      // `[[#|text]]`, `[[#]]`: the note the link is written in, as Obsidian opens it.
      const self = env.resolver.note(ctx.from, ctx.from);
      const url = self ? env.paths.note(self.slug) : '#';
      return { type: 'link', url, children: labelled(link.label ?? self?.title ?? ctx.from), data: { hProperties: { className: ['wikilink'] } } };
    }
    if (isPublishableAttachment(link.target)) {
      const path = env.resolver.file(link.target, ctx.from);
      if (!path) {
        report(ctx, node, link.target, 'attachment');
        return missing(labelled(link.label ?? link.target), `No file “${link.target}” in the knowledge folder`);
      }
      if (link.embed && isImage(path)) return imageNode(env, ctx, path, link.label);
      return fileLink(env, ctx, path, labelled(link.label ?? path.slice(path.lastIndexOf('/') + 1)));
    }
    const note = env.resolver.note(link.target, ctx.from);
    if (!note) {
      report(ctx, node, link.target, link.embed ? 'embed' : 'wikilink');
      const shown = link.label ?? (part ? `${link.target} › ${part}` : link.target);
      return missing(labelled(shown), `No note called “${link.target}” yet`);
    }
    if (link.embed) return embedNote(note, link, block, ctx);
    const shown = link.label ?? (part ? `${note.title} › ${part}` : note.title);
    return { type: 'link', url: env.paths.note(note.slug) + anchor, children: labelled(shown), data: { hProperties: { className: ['wikilink'] } } };
  }
}

/**
 * A wikilink's text as shown: its code spans as code (`[[Functions#hasTag|`hasTag`]]`), the rest as text (a
 * wikilink is read whole, before the code spans in it: noteTokens.ts).
 */
function labelled(shown: string): MdNode[] {
  if (!shown.includes('`')) return [text(shown)];
  const out: MdNode[] = [];
  let last = 0;
  for (const m of shown.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
    if (m.index > last) out.push(text(shown.slice(last, m.index)));
    out.push({ type: 'inlineCode', value: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < shown.length) out.push(text(shown.slice(last)));
  return out;
}
