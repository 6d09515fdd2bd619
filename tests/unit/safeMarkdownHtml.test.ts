// A pack shown in the browser's rendered view: its Markdown comes from notes, so nothing in it may become markup
// the page runs or fetches from.
import { describe, expect, it } from 'vitest';
import { safeMarkdownHtml } from '../../src/core/document/safeMarkdownHtml.ts';

describe('safeMarkdownHtml', () => {
  it.each([
    [
      'raw HTML is text',
      '<img src=x onerror=alert(1)> <script>alert(1)</script>',
      '<p>&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    ],
    ['a javascript: link is not a link', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
    ['a data: link is not a link', '[x](data:text/html;base64,PHNjcmlwdD4=)', '<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>\n'],
    ['an ordinary link is', '[x](https://example.com/a?b=1&c=2)', '<p><a href="https://example.com/a?b=1&amp;c=2">x</a></p>\n'],
    [
      'GFM tables and strikethrough',
      '| a |\n|---|\n| ~~b~~ |',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><s>b</s></td>\n</tr>\n</tbody>\n</table>\n',
    ],
    ['a quote in an attribute is escaped', '![a"b](c.png "t\\"x")', '<p><img src="c.png" alt="a&quot;b" title="t&quot;x"></p>\n'],
  ])('%s', (_rule, md, html) => expect(safeMarkdownHtml(md)).toBe(html));
});
