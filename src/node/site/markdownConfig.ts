import { relative } from 'node:path';
import type { LinkResolver } from '../../core/links/createLinkResolver.js';
import type { SitePaths } from '../../core/site/sitePaths.js';
import { rehypeBlockIds } from '../../markdown/blockIds.js';
import { parseMarkdown } from '../../markdown/parseMarkdown.js';
import type { MdNode } from '../../markdown/markdownTree.js';
import { emptyReport, type ImageSize } from '../../markdown/renderContext.js';
import { createTransform } from '../../markdown/transformNote.js';

/** What `.mdx` notes resolve links and embeds against: the site as last indexed (in `astro dev`, after every change). */
export interface MdxSite {
  kbDir: string;
  resolver: LinkResolver;
  paths: SitePaths;
  /** The Markdown a published note's page shows, for embeds. */
  lookup: (path: string) => string | undefined;
  size: (path: string) => ImageSize | undefined;
}

/**
 * remark plugin for `.mdx` notes, which Astro compiles itself: our steps (src/markdown/transformNote.ts: wikilinks,
 * embeds, callouts, attachments, highlights, block ids, diagrams), links resolved from the file's own folder.
 * `.md` notes go through createNoteRenderer instead.
 */
export function remarkSiteNotes(site: () => MdxSite) {
  return () => (tree: unknown, file: { path?: string }) => {
    const s = site();
    const from = file.path ? relative(s.kbDir, file.path).split('\\').join('/') : '';
    const transform = createTransform({ resolver: s.resolver, paths: s.paths, parse: parseMarkdown });
    transform(tree as MdNode, { from, depth: 0, stack: [], lookup: s.lookup, size: s.size, report: emptyReport() });
  };
}

/** @astrojs/mdx options: `.mdx` files are the team's own code (not sanitised), with our Markdown steps; plain code blocks. */
export function mdxOptions(site: () => MdxSite) {
  return {
    extendMarkdownConfig: false,
    syntaxHighlight: false as const,
    smartypants: false,
    remarkPlugins: [remarkSiteNotes(site)],
    rehypePlugins: [rehypeBlockIds],
  };
}
