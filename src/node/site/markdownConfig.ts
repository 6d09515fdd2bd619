import rehypeSanitize from 'rehype-sanitize';
import type { RehypePlugins, RemarkPlugins } from '@astrojs/markdown-remark';
import { htmlAllowList } from './htmlAllowList.js';
import { remarkWikilinks } from './remarkWikilinks.js';
import { rehypeRawWhenNeeded } from './renderNoteHtml.js';

/**
 * Astro's `markdown` options, for any Markdown Astro renders itself; `.md` notes go through our own pipeline
 * (renderNoteHtml.ts) with the same steps: wikilinks → raw HTML parsed → sanitised to the allow-list
 * (unless `trustHtml`). No syntax highlighter and no smartypants: both cost more than the rest of the
 * pipeline together at 10,000 notes; code blocks keep their `language-x` class for the stylesheet.
 */
export function markdownOptions(trustHtml: boolean) {
  return {
    syntaxHighlight: false as const,
    smartypants: false,
    remarkPlugins: [remarkWikilinks] as RemarkPlugins,
    rehypePlugins: [rehypeRawWhenNeeded, ...(trustHtml ? [] : [[rehypeSanitize, htmlAllowList]])] as RehypePlugins,
  };
}

/** @astrojs/mdx options: `.mdx` files are the team's own code (not sanitised), with wikilinks; plain code blocks like `.md`. */
export const mdxOptions = {
  extendMarkdownConfig: false,
  syntaxHighlight: false as const,
  smartypants: false,
  remarkPlugins: [remarkWikilinks],
  rehypePlugins: [],
};
