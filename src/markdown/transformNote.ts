import { createEmbedNote } from './embeds.js';
import type { MdNode } from './markdownTree.js';
import { NOTE_SYNTAXES } from './noteSyntaxes.js';
import type { NoteContext, RenderEnv } from './renderContext.js';
import type { EmbedNote } from './wikilinks.js';

/** Our Markdown steps over one note's tree (and, through embeds, over the notes it transcludes), in the order of noteSyntaxes.ts. */
export function createTransform(env: RenderEnv): (tree: MdNode, ctx: NoteContext) => void {
  const transform = (tree: MdNode, ctx: NoteContext) => {
    for (const syntax of NOTE_SYNTAXES) syntax.transform?.(tree, ctx, env, embedNote);
  };
  const embedNote: EmbedNote = createEmbedNote(env, transform);
  return transform;
}
