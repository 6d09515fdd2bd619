import type { SourceFile } from '../../core/index/buildIndex.js';
import type { LinkScan } from '../../core/links/createLinkScan.js';
import type { LinkResolver } from '../../core/links/createLinkResolver.js';
import { readFrontmatterLines } from '../../core/model/readFrontmatterLines.js';
import type { NoteProperty } from '../../core/properties/propertyTypes.js';
import { readNoteProperties, type PropertiesOptions } from '../../core/properties/readNoteProperties.js';
import { noteImage, type PageImage } from '../../core/notePage/noteImage.js';

/** What each note page shows from its frontmatter beside the index's fields. */
export interface NotePageData {
  /** By note path; notes without properties are absent. */
  properties: Record<string, NoteProperty[]>;
  /** Each note's preview image, by note path; notes without one are absent. */
  images: Map<string, PageImage>;
}

/**
 * The properties panel and preview image of every published note, from its frontmatter as the reading handed it
 * over: parsed YAML, or the line-based reading when the YAML was broken. Both come from the redacted text, so a
 * credential in a property is published as its `[redacted: …]` marker, never as written.
 */
export function notePageData(
  sources: readonly SourceFile[],
  published: ReadonlySet<string>,
  bodies: ReadonlyMap<string, string>,
  options: PropertiesOptions,
  resolver: LinkResolver,
  scan?: LinkScan,
): NotePageData {
  const properties: Record<string, NoteProperty[]> = {};
  const images = new Map<string, PageImage>();
  for (const src of sources) {
    if (!published.has(src.path)) continue;
    const data = src.yamlError ? readFrontmatterLines(src.frontmatterText ?? '') : src.data;
    const resolve = (target: string) => {
      const note = resolver.note(target, src.path);
      return note ? { slug: note.slug, title: note.title } : undefined;
    };
    const list = readNoteProperties(data, options, resolve);
    if (list.length) properties[src.path] = list;
    const frontmatter = Object.prototype.toString.call(data) === '[object Object]' ? (data as Record<string, unknown>) : {};
    const image = noteImage({ path: src.path, frontmatter, body: bodies.get(src.path) ?? '' }, resolver, scan);
    if (image) images.set(src.path, image);
  }
  return { properties, images };
}
