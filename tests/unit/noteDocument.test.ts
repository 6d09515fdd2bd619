// A note's document (one parse by the note parser) is what the index, pack sections and MCP read, so each rule of
// where a heading, a wikilink or a tag is holds for all three readers at once, as the page renders it.
import { describe, expect, it } from 'vitest';
import { splitSections } from '../../src/core/context/splitSections.ts';
import { readNoteDocument } from '../../src/core/document/readNoteDocument.ts';
import { readBody } from '../../src/core/model/readBody.ts';
import { headingsOf } from '../../src/mcp/noteSection.ts';

describe('headings: the same for the index, the pack sections and MCP', () => {
  it.each([
    ['ATX headings, closing sequence dropped', '# Title #\n## Part ##', ['Title', 'Part']],
    ['a closing # needs a space before it', '### C#\n## F# ##', ['C#', 'F#']],
    ['up to three spaces of indent', '   ## Indented', ['Indented']],
    ['four spaces is code, not a heading', '    ## code', []],
    ['not in a quote, a list or a callout', '> ## quoted\n\n- ## listed\n\n> [!note]\n> ## in callout', []],
    ['not in raw HTML', '<details>\n## inside\n</details>\n\n## After', ['After']],
    ['not in display math', '$$\n# x\n$$\n# Real', ['Real']],
    ['a setext underline is left to the page', 'A long paragraph\n---\n\nTitle\n=====', []],
    ['a backtick fence cannot have backticks in its info string', '```not `a fence`\n# Real', ['Real']],
    ['a closing fence has no info string', '```\n```bash\n# inside\n```\n# After', ['After']],
    ['an unclosed fence runs to the end', '# Top\n```\n# inside', ['Top']],
  ])('%s', (_rule, body, want) => {
    expect(readBody(body).headings).toEqual(want);
    expect(headingsOf(body).map((h) => h.text)).toEqual(want);
    expect(splitSections(body).flatMap((s) => (s.heading === undefined ? [] : [s.heading]))).toEqual(want);
  });

  it('MCP gets each heading with its depth and 0-based line', () =>
    expect(headingsOf('intro\n\n## A\ntext\n### B')).toEqual([
      { text: 'A', depth: 2, line: 2 },
      { text: 'B', depth: 3, line: 4 },
    ]));
});

describe('text: where wikilinks and inline tags are read', () => {
  it.each([
    ['a table cell, pipe escaped', '| a | b |\n|---|---|\n| [[x\\|shown]] | #cell |', ['x'], ['cell']],
    ['a list item indented four spaces is text, not code', '1. Step\n\n    See [[runbook]] in #ops', ['runbook'], ['ops']],
    ['indented code after a paragraph break is code', 'para\n\n    [[not-a-link]] #nope', [], []],
    ['a reference definition is not text', 'See [the part][p].\n\n[p]: #the-part', [], []],
    ['raw HTML is not text', '<div>\n[[in-html]] #html\n</div>', [], []],
    ['a footnote is text', 'A claim.[^1]\n\n[^1]: From [[source]] #cited', ['source'], ['cited']],
    ['a quote and a callout are text', '> [!tip]\n> [[quoted]] #q', ['quoted'], ['q']],
    ['not in inline code or fenced code', '`[[a]] #a`\n\n```\n[[b]] #b\n```', [], []],
    ['a same-note link names no note', '[[#Heading]] and [[#^block]]', [], []],
  ])('%s', (_rule, body, links, tags) => {
    const facts = readBody(body);
    expect(facts.wikilinks).toEqual(links);
    expect(facts.tags).toEqual(tags);
  });
});

describe('blocks: what pack excerpts are cut from', () => {
  it('a fenced block inside a list item stays whole across its blank lines', () =>
    expect(splitSections('1. Run:\n\n    ```sh\n    a\n\n    b\n    ```')[0]!.blocks).toEqual(['1. Run:', '```sh\n    a\n\n    b\n    ```']));
  it('display math stays whole', () => expect(splitSections('$$\na\n\nb\n$$')[0]!.blocks).toEqual(['$$\na\n\nb\n$$']));
  it('CR and CRLF line breaks are read as the parser reads them', () =>
    expect(splitSections('# A\r\nx\r\r\n# B\ry')).toEqual([
      { heading: 'A', depth: 1, blocks: ['x'] },
      { heading: 'B', depth: 1, blocks: ['y'] },
    ]));
});

describe('hostile bodies stay linear', () => {
  it.each([
    ['a 1 MB line', `# T\n${'a'.repeat(1_000_000)}`],
    ['25,000 nested quotes', `${'> '.repeat(25_000)}x`],
    ['50,000 unclosed comments', '</ <!--'.repeat(50_000)],
    ['30,000 broken embeds', '![[]()'.repeat(30_000)],
    ['20,000 inline tags', '#t '.repeat(20_000)],
    ['a 200 kB heading of spaces', `# a${' '.repeat(200_000)}x`],
  ])('%s', (_shape, body) => {
    const doc = readNoteDocument(body);
    expect(doc.prose.length + doc.headings.length).toBeGreaterThan(0);
  });
});
