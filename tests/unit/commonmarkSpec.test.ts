// The CommonMark spec's own examples (the `commonmark-spec` package, 0.31.2) through the note renderer, with raw
// HTML trusted so the sanitiser is not what is measured and highlighting off. Both sides are parsed as HTML and
// written back the same way, so only structure and text are compared (entities, attribute order and
// whitespace between block tags do not count). The renderer adds what a note page needs and the spec does not
// know: heading ids, tabindex on scrollable blocks, lazy images; those are removed before comparing. The spec has
// no knowledge folder, so every link leads outside it (a note's links to missing files are marked, not linked).
// Every example that differs is listed below with why; a new failure, or a listed one that now passes, fails.
import spec from 'commonmark-spec';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.ts';

/** The examples this renderer answers differently, on purpose, and why. */
const DEVIATIONS: Record<number, string> = {
  548: '`[[…]]` is a wikilink (Obsidian syntax), not brackets around a reference link',
  559: '`[[…]]` is a wikilink, read before a reference link inside it (Obsidian syntax)',
  590: '`![[…]]` is an embed (Obsidian syntax), not an image reference',
  602: 'GFM autolink literals: a bare https:// URL is a link',
  608: 'GFM autolink literals: a bare https:// URL is a link',
  611: 'GFM autolink literals: a bare https:// URL is a link',
  612: 'GFM autolink literals: a bare email address is a link',
};

const render = createNoteRenderer({
  trustHtml: true,
  highlight: false,
  resolver: { ...createLinkResolver({ notes: [] }), href: () => ({ kind: 'external' }) },
  paths: createSitePaths('/'),
});

type Hast = { type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: Hast[] };

function normalise(html: string): string {
  const tree = fromHtml(html.trim(), { fragment: true }) as unknown as Hast;
  const visit = (n: Hast) => {
    if (n.properties) {
      if (/^h[1-6]$/.test(n.tagName ?? '')) delete n.properties['id'];
      delete n.properties['tabIndex'];
      if (n.tagName === 'img') {
        delete n.properties['loading'];
        delete n.properties['decoding'];
      }
    }
    const first = n.children?.[0];
    if (n.tagName === 'textarea' && first?.type === 'text') first.value = first.value!.replace(/^\n+/, ''); // parsed twice on our side
    n.children = (n.children ?? []).filter((c) => !(c.type === 'text' && /^\s*$/.test(c.value ?? '') && c.value!.includes('\n')));
    n.children.forEach(visit);
  };
  visit(tree);
  return toHtml(tree as never).trim();
}

const examples = spec.tests.map((e) => ({ ...e, markdown: e.markdown.replaceAll('→', '\t'), html: e.html.replaceAll('→', '\t') }));

describe('CommonMark 0.31.2 examples', () => {
  const results = examples.map((e) => ({ e, ok: normalise(render({ path: 'spec.md', markdown: e.markdown }).html) === normalise(e.html) }));

  it('pass, except the deviations listed', () => {
    const failing = results.filter((r) => !r.ok).map((r) => r.e.number);
    expect(failing).toEqual(Object.keys(DEVIATIONS).map(Number));
  });

  // 645 of 652: the seven deviations above (Obsidian's wikilinks and embeds, GFM's autolink literals).
  it('pass at 98.9% or more', () => {
    expect(results.filter((r) => r.ok).length / results.length).toBeGreaterThanOrEqual(0.989);
  });

  it.each(examples.filter((e) => e.number in DEVIATIONS).map((e) => [e.number, e.section, DEVIATIONS[e.number]!] as const))(
    'example %i (%s) differs on purpose: %s',
    (number) => {
      const e = examples.find((x) => x.number === number)!;
      expect(normalise(render({ path: 'spec.md', markdown: e.markdown }).html)).not.toBe(normalise(e.html));
    },
  );
});

// GFM's extensions as notes use them, one row each (the GFM spec's own examples, cut down).
describe.each([
  [
    'a table with alignment',
    '| a | b |\n|:--|--:|\n| 1 | 2 |\n',
    '<table><thead><tr><th align="left">a</th><th align="right">b</th></tr></thead><tbody><tr><td align="left">1</td><td align="right">2</td></tr></tbody></table>',
  ],
  ['a pipe escaped in a cell', '| a |\n|---|\n| b \\| c |\n', '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b | c</td></tr></tbody></table>'],
  ['an HTML block is not a table header', '<div>a</div> | b\n---|---\n', '<div>a</div> | b\n---|---'],
  ['strikethrough', '~~gone~~ kept\n', '<p><del>gone</del> kept</p>'],
  [
    'task list items',
    '- [ ] to do\n- [x] done\n',
    '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled aria-label="To do"> to do</li><li class="task-list-item"><input type="checkbox" checked disabled aria-label="Done"> done</li></ul>',
  ],
  ['a www autolink', 'see www.example.com now\n', '<p>see <a href="http://www.example.com">www.example.com</a> now</p>'],
  ['a bare domain stays text', 'see example.com now\n', '<p>see example.com now</p>'],
  ['an email autolink', 'mail a@example.com\n', '<p>mail <a href="mailto:a@example.com">a@example.com</a></p>'],
  ['a footnote', 'A[^1].\n\n[^1]: Note.\n', 'fn-1'],
] as const)('GFM: %s', (_name, markdown, expected) => {
  it('renders as GFM does', () => {
    const html = normalise(render({ path: 'spec.md', markdown }).html);
    if (expected === 'fn-1')
      expect(html).toMatch(
        /<sup><a href="#user-content-fn-1" id="user-content-fnref-1"[^>]*>1<\/a><\/sup>[\s\S]*<section[^>]*data-footnotes[^>]*>[\s\S]*<li id="user-content-fn-1">/,
      );
    else expect(html).toBe(normalise(expected));
  });
});
