// Link resolution in the core (src/core/links/): Obsidian's rules, one row per rule.
import { describe, expect, it } from 'vitest';
import { createLinkResolver, normalisePath } from '../../src/core/links/createLinkResolver.ts';
import { parseWikilink, wikilinksOutsideCode } from '../../src/core/links/parseWikilink.ts';
import { readBody } from '../../src/core/model/readBody.ts';
import { scanLinks } from '../../src/core/links/scanLinks.ts';
import { stripComments } from '../../src/core/model/stripComments.ts';
import { closestName, createNameIndex } from '../../src/core/links/closestName.ts';
import fc from 'fast-check';
import { mayUseMath } from '../../src/core/links/mayUseMath.ts';
import { headingAnchor } from '../../src/core/links/headingAnchor.ts';
import { findBrokenLinks } from '../../src/core/links/findBrokenLinks.ts';

const notes = [
  { path: 'decisions/007-redis.md', slug: 'decisions/007-redis', title: 'Redis for caching', aliases: ['cache store'] },
  { path: 'archive/decisions/007-redis.md', slug: 'archive/decisions/007-redis', title: 'Old Redis' },
  { path: 'guides/setup.md', slug: 'guides/setup', title: 'Setup' },
  { path: 'teams/a/setup.md', slug: 'teams/a/setup', title: 'Team A setup' },
  { path: 'Notes/Mixed Case.md', slug: 'notes/mixed-case', title: 'Mixed' },
];
const files = ['img/diagram.png', 'guides/img/diagram.png', 'files/spec.pdf'];
const resolver = createLinkResolver({ notes, files });

describe('parseWikilink', () => {
  it.each([
    ['note', { target: 'note', heading: undefined, blockId: undefined, label: undefined, embed: false }],
    ['note|Label', { target: 'note', heading: undefined, blockId: undefined, label: 'Label', embed: false }],
    ['note#Why', { target: 'note', heading: 'Why', blockId: undefined, label: undefined, embed: false }],
    ['note#A#B', { target: 'note', heading: 'B', blockId: undefined, label: undefined, embed: false }],
    ['note#^abc-1', { target: 'note', heading: undefined, blockId: 'abc-1', label: undefined, embed: false }],
    ['#Why', { target: '', heading: 'Why', blockId: undefined, label: undefined, embed: false }],
    ['note\\|Label', { target: 'note', heading: undefined, blockId: undefined, label: 'Label', embed: false }],
    ['', undefined],
    // An empty part, as Obsidian reads it: no note name is the note itself, an empty heading or text is not written.
    ['#|move', { target: '', heading: undefined, blockId: undefined, label: 'move', embed: false }],
    ['#', { target: '', heading: undefined, blockId: undefined, label: undefined, embed: false }],
    ['|move', { target: '', heading: undefined, blockId: undefined, label: 'move', embed: false }],
    ['Functions#hasTag|', { target: 'Functions', heading: 'hasTag', blockId: undefined, label: undefined, embed: false }],
    ['Filters#|wikilink', { target: 'Filters', heading: undefined, blockId: undefined, label: 'wikilink', embed: false }],
    ['Filters#', { target: 'Filters', heading: undefined, blockId: undefined, label: undefined, embed: false }],
    ['#`move`|move', { target: '', heading: '`move`', blockId: undefined, label: 'move', embed: false }],
    ['  ', undefined],
  ])('%j', (inner, expected) => expect(parseWikilink(inner)).toEqual(expected));

  it.each([['#'], ['#|x'], ['|x']])('an embed of its own note ![[%s]] is no embed', (inner) => expect(parseWikilink(inner, true)).toBeUndefined());
});

// The wikilinks of a line as each reader finds them: the renderer's parser (noteTokens.ts, through the page),
// the site's link readers (scanLinks: kb check, attachments) and the index (readBody: the graph, packs). A
// wikilink is read whole, before a code span in it; a code span that opens first keeps its `[[` as code.
describe('wikilinks beside code spans: every reader reads the same links', () => {
  it.each([
    ['[[#`move`|move]]', [{ target: '', heading: '`move`', label: 'move' }]],
    ['[[Functions#hasTag|`hasTag`]]', [{ target: 'Functions', heading: 'hasTag', label: '`hasTag`' }]],
    ['[[Filters#`wikilink`|wikilink]]', [{ target: 'Filters', heading: '`wikilink`', label: 'wikilink' }]],
    [
      '[[#|move]] and [[Functions#hasTag|]] and [[Filters#|wikilink]]',
      [
        { target: '', label: 'move' },
        { target: 'Functions', heading: 'hasTag' },
        { target: 'Filters', label: 'wikilink' },
      ],
    ],
    ['`[[Functions]]` is code', []],
    ['`a [[b`]] is code, then [[c]]', [{ target: 'c' }]],
    ['[[a`b]] then `c`', [{ target: 'a`b' }]],
    ['``a`` [[b|`x` and `y`]]', [{ target: 'b', label: '`x` and `y`' }]],
    ['![[img.png|`w`]] `never closed [[d]]', [{ target: 'img.png', label: '`w`', embed: true }, { target: 'd' }]],
  ])('%s', (line, expected) => {
    const want = expected.map((w) => ({ heading: undefined, blockId: undefined, label: undefined, embed: false, ...w }));
    const scanned = scanLinks(line).flatMap((l) => (l.kind === 'wikilink' ? [l.link] : []));
    expect(scanned).toEqual(want);
    expect(wikilinksOutsideCode(line).map((w) => w.link)).toEqual(want);
    expect(readBody(line).wikilinks).toEqual([...new Set(want.map((w) => w.target).filter(Boolean))].sort());
  });

  it('a run of `[[` and backticks with no `]]` is read in linear time', () => {
    const line = '[[`'.repeat(200_000);
    expect(wikilinksOutsideCode(line)).toEqual([]);
    expect(scanLinks(line)).toEqual([]);
  });
});

describe('createLinkResolver: notes', () => {
  it.each([
    ['shortest unique path: the file name', '007-redis', 'guides/setup.md', 'decisions/007-redis.md'],
    ['several with that name: the fewest folders wins', 'setup', 'decisions/007-redis.md', 'guides/setup.md'],
    ['several with that name: the linking note’s folder wins', 'setup', 'teams/a/other.md', 'teams/a/setup.md'],
    ['a folder narrows it', 'a/setup', 'guides/setup.md', 'teams/a/setup.md'],
    ['the full path, `.md` optional', 'archive/decisions/007-redis', 'guides/setup.md', 'archive/decisions/007-redis.md'],
    ['`.md` written', 'archive/decisions/007-redis.md', 'guides/setup.md', 'archive/decisions/007-redis.md'],
    ['case-insensitive', 'notes/MIXED case', 'guides/setup.md', 'Notes/Mixed Case.md'],
    ['relative to the note', '../decisions/007-redis', 'guides/setup.md', 'decisions/007-redis.md'],
    ['a frontmatter alias', 'Cache Store', 'guides/setup.md', 'decisions/007-redis.md'],
    ['a title (links written before)', 'redis for caching', 'guides/setup.md', 'decisions/007-redis.md'],
    ['nothing', 'no-such-note', 'guides/setup.md', undefined],
  ])('%s', (_rule, target, from, path) => expect(resolver.note(target, from)?.path).toBe(path));
});

describe('createLinkResolver: attachments and Markdown links', () => {
  it.each([
    ['an image beside the note first', 'img/diagram.png', 'guides/setup.md', 'guides/img/diagram.png'],
    ['by name anywhere, the shortest path', 'diagram.png', 'decisions/007-redis.md', 'img/diagram.png'],
    ['by name anywhere', 'spec.pdf', 'guides/setup.md', 'files/spec.pdf'],
    ['never outside the folder', '../../etc/passwd.png', 'guides/setup.md', undefined],
  ])('file: %s', (_rule, target, from, path) => expect(resolver.file(target, from)).toBe(path));

  it.each([
    ['a note by relative path', '../decisions/007-redis.md#why', { kind: 'note', path: 'decisions/007-redis.md', fragment: '#why' }],
    ['a note, URL-encoded', '../Notes/Mixed%20Case.md', { kind: 'note', path: 'Notes/Mixed Case.md', fragment: '' }],
    ['a missing note', '../decisions/001-gone.md', { kind: 'broken', target: '../decisions/001-gone.md', expected: 'note' }],
    ['an image', 'img/diagram.png', { kind: 'file', path: 'guides/img/diagram.png' }],
    ['a missing image', 'img/nothing.png', { kind: 'broken', target: 'img/nothing.png', expected: 'file' }],
    ['a web page', 'https://example.com/a.md', { kind: 'external' }],
    ['a same-page anchor', '#why', { kind: 'external' }],
    ['a file the site never publishes', 'run.sh', { kind: 'external' }],
  ])('href: %s', (_rule, href, expected) => {
    const to = resolver.href(href, 'guides/setup.md');
    expect(to.kind === 'note' ? { kind: 'note', path: to.note.path, fragment: to.fragment } : to).toEqual(expected);
  });

  it('normalises paths without climbing out', () => expect([normalisePath('a/b/../c/./d'), normalisePath('../x')]).toEqual(['a/c/d', '../x']));
});

describe('scanLinks: what kb check reads, line by line', () => {
  const body = [
    '[[a]] and ![[b#H]]',
    '`[[code]]` [c](c.md)',
    '```',
    '[[fenced]]',
    '```',
    '%% [[hidden]] %%',
    '![i](i.png "t")',
    '$$',
    '[[math]]',
    '$$',
    '[d]: ./d.md',
    '',
    'See [d], [again][d] and [a missing one][nope].',
  ].join('\n');
  const shown = (md: string) => scanLinks(md).map((l) => `${l.line}:${l.kind}:${l.kind === 'wikilink' ? l.link.target : l.href}`);
  it('finds links outside code, comments and math, with their lines', () =>
    expect(shown(body)).toEqual(['1:wikilink:a', '1:wikilink:b', '2:link:c.md', '7:image:i.png', '11:link:./d.md']));

  // Read from the note parser's tokens, so what is reported is what the page links.
  it.each([
    [
      'a definition once, on its line (used or not), not at each use',
      'See [x] and [y][x].\n\n[x]: a.md\n[y]: <b c.md>\n[x]: dup.md',
      ['3:link:a.md', '4:link:b c.md', '5:link:dup.md'],
    ],
    ['a reference image is its definition', '![alt][i]\n\n[i]: i.png', ['3:link:i.png']],
    ['link text over two lines', 'A [long\nlabel](a.md) and\n[b](b.md)', ['1:link:a.md', '3:link:b.md']],
    [
      'entities and escapes read as the page reads them',
      '[a](a.md?x=1&amp;y=2) [b](<b c.md>) [c](c\\(1\\).md)',
      ['1:link:a.md?x=1&y=2', '1:link:b c.md', '1:link:c(1).md'],
    ],
    ['autolinks name no file', '<https://example.com> and www.example.com', []],
    ['not in raw HTML or indented code', '<div>\n[a](a.md) [[b]]\n</div>\n\n    [c](c.md)', []],
    ['a table cell on its row', '| a |\n|---|\n| [[x]] [y](y.md) |', ['3:wikilink:x', '3:link:y.md']],
    ['after an inline HTML tag over lines', 'a <span\ntitle="t">b</span> [c](c.md)', ['2:link:c.md']],
  ])('%s', (_rule, md, want) => expect(shown(md)).toEqual(want));
});

describe('stripComments', () => {
  it.each([
    ['inline', 'a %%x%% b', 'a  b'],
    ['over lines, line count kept', 'a\n%%\nx\n%%\nb', 'a\n\n\n\nb'],
    ['in code: kept', '`%%x%%` and\n```\n%%y%%\n```', '`%%x%%` and\n```\n%%y%%\n```'],
  ])('%s', (_rule, md, out) => expect(stripComments(md)).toBe(out));
});

// The rule closestName keeps, as it was written before the names were indexed: every name of every candidate in
// order, a distance for each within the limit, ties to the earlier.
function closestByScan(wanted: string, names: readonly string[]): string | undefined {
  const w = wanted.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const n = name.toLowerCase();
    const limit = Math.min(bestDistance - 1, 3, Math.floor(Math.max(w.length, n.length) / 3));
    if (Math.abs(n.length - w.length) > limit) continue;
    const d = levenshtein(w, n);
    if (d <= limit && d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

describe('createNameIndex: closestName for many names', () => {
  it('finds what the scan of every name finds, ties to the earlier', () => {
    const name = fc.stringMatching(/^[a-dA-D0-9 -]{0,9}$/);
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), fc.array(name, { minLength: 1, maxLength: 10 }), (names, wanted) => {
        const index = createNameIndex(names, (n) => [n]);
        for (const w of wanted) expect(index.closest(w)).toBe(closestByScan(w, names));
      }),
      { numRuns: 300, seed: 42 },
    );
  });
  it('stops suggesting after its budget of names read, the same on every machine', () => {
    const names = Array.from({ length: 100 }, (_, i) => `note ${i}`);
    const index = createNameIndex(names, (n) => [n], 1000);
    const found = Array.from({ length: 100 }, (_, i) => index.closest(`nota ${i}`));
    expect(found.slice(0, 1)).toEqual(['note 0']);
    expect(found.filter(Boolean).length).toBeLessThan(100);
    expect(found.slice(-10)).toEqual(Array(10).fill(undefined));
  });
  it('10,000 aliases and 20,000 broken names: suggestions, then none once the budget is spent', () => {
    const aliases = Array.from({ length: 10_000 }, (_, i) => `alias ${i}`);
    const index = createNameIndex(aliases, (n) => [n]);
    const found = Array.from({ length: 20_000 }, (_, i) => index.closest(`alias ${i}x`));
    expect(found.slice(0, 3)).toEqual(['alias 0', 'alias 1', 'alias 2']);
    expect(found.slice(-3)).toEqual([undefined, undefined, undefined]);
  });
});

describe('closestName, mayUseMath, headingAnchor', () => {
  it('suggests the nearest name, nothing when none is close', () => {
    expect(closestName('007-redis-for-cachin', ['007-redis-for-caching', '008-postgres'], (n) => [n])).toBe('007-redis-for-caching');
    expect(closestName('zzzz', ['007-redis-for-caching'], (n) => [n])).toBeUndefined();
  });
  it.each([
    ['$E=mc^2$', true],
    ['$$\nx\n$$', true],
    ['costs $5 and $10', false],
    ['no dollars', false],
  ])('mayUseMath(%j)', (md, yes) => expect(mayUseMath(md)).toBe(yes));
  it('anchors like the heading ids of the page', () => expect(headingAnchor('Why Redis?')).toBe('why-redis'));
});

describe('findBrokenLinks', () => {
  it('names file, line (frontmatter counted), target, reason and the closest note', () =>
    expect(
      findBrokenLinks({
        notes: notes.map((n) => ({ ...n, bodyLine: 5 })),
        bodies: new Map([['guides/setup.md', 'ok [[007-redis]]\n[[007-rediss]] ![[secret]]\n![](missing.png)']]),
        files,
        resolver,
        unpublished: ['people/secret.md'],
      }),
    ).toEqual([
      { file: 'guides/setup.md', line: 6, kind: 'wikilink', target: '007-rediss', reason: 'missing', suggestion: 'decisions/007-redis.md' },
      { file: 'guides/setup.md', line: 6, kind: 'embed', target: 'secret', reason: 'unpublished' },
      { file: 'guides/setup.md', line: 7, kind: 'attachment', target: 'missing.png', reason: 'missing' },
    ]));
});
