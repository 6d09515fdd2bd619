import { remarkWikilinks, type WikilinkOptions } from './remarkWikilinks.js';

/**
 * @astrojs/mdx options for `.mdx` notes: the team's own code (not sanitised), with wikilinks; plain code blocks and
 * quotes as written, like `.md` notes. `links` is read at each render, so in `astro dev` it follows the folder.
 */
export function mdxOptions(links: WikilinkOptions) {
  return {
    extendMarkdownConfig: false,
    syntaxHighlight: false as const,
    smartypants: false,
    remarkPlugins: [[remarkWikilinks, links]] as [typeof remarkWikilinks, WikilinkOptions][],
    rehypePlugins: [],
  };
}
