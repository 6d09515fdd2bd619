import { attachmentOutputPath, isImage } from '../core/links/attachmentKinds.js';
import { element, text, type MdNode } from './markdownTree.js';
import type { NoteContext, RenderEnv } from './renderContext.js';

/** The URL of an attachment on the site. */
export function attachmentUrl(env: RenderEnv, path: string): string {
  return env.paths.file(attachmentOutputPath(path));
}

/** `![[diagram.png|alt]]`, `![[diagram.png|300]]` or `![[diagram.png|300x200]]`: an image, sized when known, loaded lazily. */
export function imageNode(env: RenderEnv, ctx: NoteContext, path: string, label: string | undefined): MdNode {
  ctx.report.attachments.add(path);
  const size = /^(\d{1,5})(?:x(\d{1,5}))?$/.exec(label ?? '');
  const known = ctx.size(path);
  const name = path.slice(path.lastIndexOf('/') + 1);
  let dims: { width?: number; height?: number } = known ? { ...known } : {};
  if (size) {
    const width = Number(size[1]);
    const height = size[2] ? Number(size[2]) : known ? Math.round((known.height * width) / known.width) : undefined;
    dims = { width, ...(height ? { height } : {}) };
  }
  return element('img', { src: attachmentUrl(env, path), alt: size ? name : (label ?? name), ...dims, loading: 'lazy', decoding: 'async' }, [], 'kbImage');
}

/** `![[spec.pdf]]` or `[spec](spec.pdf)`: a link to the published file. */
export function fileLink(env: RenderEnv, ctx: NoteContext, path: string, children: MdNode[]): MdNode {
  ctx.report.attachments.add(path);
  return { type: 'link', url: attachmentUrl(env, path), children, data: { hProperties: { className: ['attachment'] } } };
}

/** A link that leads nowhere: its text, visibly marked, never a link to a 404. */
export function missing(children: MdNode[], why: string): MdNode {
  return element('span', { className: ['link-missing'], title: why }, children);
}

/**
 * Markdown images and links (and reference definitions) that point into the folder: a note becomes its
 * page (`[x](../decisions/007.md#why)`), a file its published copy (an image gets its size and
 * `loading="lazy"`); one that names nothing is marked as missing and reported. Other URLs are left alone.
 */
export function resolveHrefs(node: MdNode, env: RenderEnv, ctx: NoteContext): MdNode[] | undefined {
  if (node.type === 'definition') {
    const to = env.resolver.href(node.url ?? '', ctx.from);
    if (to.kind === 'note') node.url = env.paths.note(to.note.slug) + to.fragment;
    else if (to.kind === 'file') {
      ctx.report.attachments.add(to.path);
      node.url = attachmentUrl(env, to.path);
    } else if (to.kind === 'broken') report(ctx, node, to.target, to.expected === 'file' ? 'attachment' : 'link');
    return undefined;
  }
  if (node.type !== 'link' && node.type !== 'image') return undefined;
  const to = env.resolver.href(node.url ?? '', ctx.from);
  if (to.kind === 'external') {
    if (node.type === 'image') node.data = { hProperties: { loading: 'lazy', decoding: 'async' } };
    return undefined;
  }
  if (to.kind === 'broken') {
    report(ctx, node, to.target, to.expected === 'file' ? 'attachment' : 'link');
    const shown = node.type === 'image' ? [text(node.alt || to.target)] : (node.children ?? []);
    return [missing(shown, to.expected === 'file' ? `No file “${to.target}” in the knowledge folder` : `No note “${to.target}”`)];
  }
  if (to.kind === 'note') {
    if (node.type === 'image') return [missing([text(node.alt || to.note.title)], 'A note is linked, not shown, from an image')];
    node.url = env.paths.note(to.note.slug) + to.fragment;
    node.data = { hProperties: { className: ['internal'] } };
    return undefined;
  }
  if (node.type === 'image')
    return [isImage(to.path) ? imageNode(env, ctx, to.path, node.alt ?? undefined) : fileLink(env, ctx, to.path, [text(node.alt || to.path)])];
  return [fileLink(env, ctx, to.path, node.children ?? [])];
}

export function report(ctx: NoteContext, node: MdNode, target: string, kind: NoteContext['report']['brokenLinks'][number]['kind']): void {
  if (ctx.depth === 0) ctx.report.brokenLinks.push({ target, line: node.position?.start.line ?? 0, kind });
}
