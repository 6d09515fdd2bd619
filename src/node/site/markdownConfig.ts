import { relative } from 'node:path';
import rehypeSanitize from 'rehype-sanitize';
import type { RehypePlugins, RemarkPlugins } from '@astrojs/markdown-remark';
import { allowList } from '../../markdown/allowList.js';
import { rehypeBlockIds } from '../../markdown/blockIds.js';
import { parseMarkdown, rehypeRawWhenNeeded } from '../../markdown/createNoteRenderer.js';
import type { MdNode } from '../../markdown/markdownTree.js';
import { emptyReport } from '../../markdown/renderContext.js';
import { createTransform } from '../../markdown/transformNote.js';
import { getSiteData } from './siteData.js';
import { withoutTitleHeading } from './noteHtml.js';

/**
 * remark plugin for Markdown that Astro renders itself (`.mdx` notes): our steps (src/markdown/transformNote.ts:
 * wikilinks, embeds, callouts, attachments, highlights, block ids, diagrams) with the build's site data, links
 * resolved from the file's own folder. `.md` notes go through createNoteRenderer instead.
 */
export function remarkSiteNotes() {
  return (tree: unknown, file: { path?: string }) => {
    const site = getSiteData();
    const from = file.path ? relative(site.kbDir, file.path).split('\\').join('/') : '';
    const transform = createTransform({ resolver: site.links.resolver, paths: site.paths, parse: parseMarkdown });
    transform(tree as MdNode, {
      from,
      depth: 0,
      stack: [],
      lookup: (path) => {
        const note = site.byPath.get(path);
        return note ? withoutTitleHeading(site.bodies.get(path) ?? '', note.title) : undefined;
      },
      size: (path) => site.attachmentSizes.get(path),
      report: emptyReport(),
    });
  };
}

/**
 * Astro's `markdown` options, for any Markdown Astro renders itself: the same steps as the `.md` pipeline
 * (raw HTML parsed → sanitised to the allow-list unless `trustHtml`). No syntax highlighter and no
 * smartypants here; `.md` notes are highlighted by createNoteRenderer.
 */
export function markdownOptions(trustHtml: boolean) {
  return {
    syntaxHighlight: false as const,
    smartypants: false,
    remarkPlugins: [remarkSiteNotes] as RemarkPlugins,
    rehypePlugins: [rehypeRawWhenNeeded, ...(trustHtml ? [] : [[rehypeSanitize, allowList]]), rehypeBlockIds] as RehypePlugins,
  };
}

/** @astrojs/mdx options: `.mdx` files are the team's own code (not sanitised), with our Markdown steps; plain code blocks. */
export const mdxOptions = {
  extendMarkdownConfig: false,
  syntaxHighlight: false as const,
  smartypants: false,
  remarkPlugins: [remarkSiteNotes],
  rehypePlugins: [rehypeBlockIds],
};
