import MarkdownIt from 'markdown-it';

/**
 * Markdown that is not a note (a pack shown in the browser) as HTML that is safe to insert: CommonMark and GFM
 * tables and strikethrough by markdown-it, raw HTML shown as text, and links and images with a `javascript:`,
 * `vbscript:`, `file:` or `data:` address (but a `data:` image) dropped, as markdown-it does by default.
 */
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

export function safeMarkdownHtml(markdown: string): string {
  return md.render(markdown);
}
