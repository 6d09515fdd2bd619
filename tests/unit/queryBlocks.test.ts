// Query blocks in notes (```kb-query / ```kb-search): each grammar row answers as a block exactly as kb query /
// kb search --json does, the block renders as escaped HTML with its titles linked, kb check reports a block that does not
// parse or names an unknown tag at its file line, and packs read the block as its answer.
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.ts';
import { buildPackData } from '../../src/core/context/buildPackData.ts';
import {
  answerQueryBlock,
  blockSource,
  queryBlockIssues,
  queryBlocksIn,
  queryBlockText,
  splitArgs,
  withQueryBlockText,
} from '../../src/core/query/queryBlock.ts';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { parseSearchArgs } from '../../src/core/search/parseSearchArgs.ts';
import { runSearch } from '../../src/core/search/runSearch.ts';
import { renderQueryBlockHtml } from '../../src/core/views/renderQueryBlockHtml.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { main } from '../../src/cli/main.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { captureIo, CONTENT, fixture } from './foundationSupport.ts';

const TODAY = '2026-10-15';
const sample = indexKnowledgeFolder(CONTENT);
const paths = createSitePaths('/wiki/');

// The grammar's rows (queryEngine.test.ts), each also as a block: the same result as kb query.
describe.each([
  ['one tag', 'api'],
  ['space-separated tokens are a union', 'api pagination'],
  ['AND (any case) switches to intersection', 'api and pagination'],
  ['AND anywhere, upper case', 'AND api pagination'],
  ['tokens go through the tag normaliser, repeats dropped', '  Stripe   #stripe\twebhooks '],
  ['an alias resolves', 'rn'],
  ['a project key expands to its tags', 'pay'],
  ['nothing but AND is no token (usage)', ' AND '],
  ['a tag nobody uses', 'no-such-tag'],
  ['a query wrapped over lines', 'api\nAND\npagination'],
])('kb-query: %s', (_rule, query) => {
  it('answers as kb query', () => {
    const answer = answerQueryBlock('kb-query', query, sample.index, sample.bodies, TODAY)!;
    expect(answer.lang).toBe('kb-query');
    expect(answer.lang === 'kb-query' && answer.query).toEqual(runQuery(sample.index, blockSource(query), { today: TODAY }));
  });
});

describe.each([
  ['a keyword', 'webhook', ['webhook']],
  ['a tag and a keyword', '--tag stripe webhook', ['--tag', 'stripe', 'webhook']],
  ['a category', '--category performance-issues', ['--category', 'performance-issues']],
  ['a quoted phrase', '"retry budget"', ['retry budget']],
  ['an inline value', '--tag=api cursor', ['--tag=api', 'cursor']],
])('kb-search: %s', (_rule, source, args) => {
  it('splits as a shell does and answers as kb search', () => {
    expect(splitArgs(source)).toEqual(args);
    const parsed = parseSearchArgs(args);
    expect(parsed.ok).toBe(true);
    const answer = answerQueryBlock('kb-search', source, sample.index, sample.bodies, TODAY)!;
    expect(answer.lang === 'kb-search' && answer.search).toEqual(parsed.ok && runSearch(sample.index, parsed.request, sample.bodies));
    expect(answer.problem).toBeUndefined();
  });
});

describe('what a block gets wrong', () => {
  it.each([
    ['kb-query', '', 'names no tag (write tags, e.g. `api AND pagination`)'],
    ['kb-query', 'AND', 'names no tag (write tags, e.g. `api AND pagination`)'],
    ['kb-query', 'api no-such-tag', 'names an unknown tag "no-such-tag"'],
    ['kb-query', 'zzz yyy', 'names an unknown tags "zzz", "yyy"'],
    ['kb-search', '', 'does not parse: nothing to search for'],
    ['kb-search', '--tag', 'does not parse: --tag needs a value'],
    ['kb-search', '--tag a --tag b', 'does not parse: --tag given twice'],
    ['kb-search', '--kb /etc webhook', 'takes only --tag, --category and words (not --kb, --today or --json)'],
    ['kb-search', '--tag no-such-tag', 'names an unknown tag "no-such-tag"'],
    ['kb-search', '--category nope', 'names an unknown category "nope"'],
  ])('%s %j: %s', (lang, source, problem) => {
    expect(answerQueryBlock(lang, source, sample.index, sample.bodies, TODAY)!.problem).toContain(problem);
  });
  it('a known tag, an alias or a project key is no problem', () => {
    for (const q of ['api', 'rn', 'pay', '#Stripe']) expect(answerQueryBlock('kb-query', q, sample.index, sample.bodies, TODAY)!.problem, q).toBeUndefined();
  });
  it('other languages are not query blocks', () => expect(answerQueryBlock('js', 'api', sample.index, sample.bodies, TODAY)).toBeUndefined());
});

describe('the HTML', () => {
  it('numbers the hits as kb query does, links titles to their pages under the base, and shows descriptions and tags', () => {
    const answer = answerQueryBlock('kb-query', 'api AND pagination', sample.index, sample.bodies, TODAY)!;
    const html = renderQueryBlockHtml(answer, sample.index, paths, TODAY);
    const r = runQuery(sample.index, 'api AND pagination', { today: TODAY });
    expect(r.results.length).toBeGreaterThan(1);
    for (const hit of r.results) {
      const note = sample.index.notes.find((n) => n.path === hit.path)!;
      expect(html).toContain(`<li value="${hit.n}"><span class="n">${hit.n}.</span> <a class="internal" href="/wiki/notes/${note.slug}/">`);
    }
    expect(html).toContain('<code>kb query api AND pagination</code>');
    expect(html).toContain('data-source="api AND pagination"');
  });
  it('escapes the query and what the notes say', () => {
    const answer = answerQueryBlock('kb-query', '<script>alert(1)</script> "x"', sample.index, sample.bodies, TODAY)!;
    const html = renderQueryBlockHtml(answer, sample.index, paths, TODAY);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/data-source="[^"]*"x"/);
  });
});

describe('blocks in a body', () => {
  const body = [
    'Intro',
    '',
    '```kb-query',
    'api',
    '```',
    '',
    '````md',
    '```kb-query',
    'inside another fence',
    '```',
    '````',
    '',
    '~~~ kb-search title',
    '--tag stripe',
    '~~~',
    '',
  ].join('\n');
  it('are found as CommonMark fences them, with their lines', () =>
    expect(queryBlocksIn(body)).toEqual([
      { lang: 'kb-query', text: 'api', line: 3, lines: [3, 5] },
      { lang: 'kb-search', text: '--tag stripe', line: 13, lines: [13, 15] },
    ]));
  it('read as their answers in packs, the rest of the body unchanged', () => {
    const index = { ...sample.index, notes: [{ ...sample.index.notes[0]!, path: 'x.md' }, ...sample.index.notes] };
    const bodies = new Map([...sample.bodies, ['x.md', body]]);
    const text = withQueryBlockText(index, bodies).get('x.md')!;
    expect(text.startsWith('Intro\n\nFound ')).toBe(true);
    expect(text).toContain('````md\n```kb-query\ninside another fence\n```\n````');
    expect(text).not.toMatch(/^#/m);
    expect(text).not.toContain('Load which files?');
    expect(withQueryBlockText(sample.index, sample.bodies)).toBe(sample.bodies);
  });
  it('the answer text is the day-free kb query text', () => {
    const answer = answerQueryBlock('kb-query', 'pay', sample.index, sample.bodies, TODAY)!;
    expect(queryBlockText(answer)).toBe(queryBlockText(answerQueryBlock('kb-query', 'pay', sample.index, sample.bodies, '2030-01-01')!));
  });
  it('blockSource joins a wrapped query', () => expect(blockSource(' api\nAND pagination \n')).toBe('api AND pagination'));
});

describe('the obsidian fixture’s query note', () => {
  const folder = indexKnowledgeFolder(fixture('obsidian'));
  it('kb check names the block with the unknown tag at its file line', async () => {
    expect(queryBlockIssues(folder.index, folder.bodies, TODAY)).toEqual([
      {
        severity: 'warning',
        code: 'query-block',
        file: 'guides/queries.md',
        line: 20,
        message: 'a kb-query block names an unknown tag "no-such-tag" (kb index lists the known tags in kb-tags.txt)',
      },
    ]);
    const io = captureIo(fixture('obsidian'));
    await main(['check', '--kb', fixture('obsidian')], io);
    expect(io.stdout.join('')).toContain('guides/queries.md:20');
  });
  it('a pack cites the note for what its blocks list', () => {
    const data = buildPackData(folder.index, folder.bodies);
    const pack = buildContextPack(data, { task: 'Postgres for everything else', today: TODAY });
    const stored = data.notes.flatMap((s) => s!.notes).find((n) => n.path === 'guides/queries.md')!;
    expect(JSON.stringify(stored.units)).toContain('Postgres for everything else');
    expect(pack.citations.some((c) => c.path === 'guides/queries.md')).toBe(true);
  });
});

describe('query blocks: the fences of the note document', () => {
  it.each([
    ['an unclosed fence is no block', '```kb-query\napi', []],
    ['a closing fence may be longer', '```kb-query\napi\n`````', [{ lang: 'kb-query', text: 'api', line: 1, lines: [1, 3] }]],
    ['in a list item, its text without the indentation', '- x\n\n  ```kb-query\n  api\n  ```', [{ lang: 'kb-query', text: 'api', line: 3, lines: [3, 5] }]],
    ['in a quote', '> ```kb-search\n> --tag stripe\n> ```', [{ lang: 'kb-search', text: '--tag stripe', line: 1, lines: [1, 3] }]],
    ['an info string with backticks opens no fence', '```kb-query `x`\napi\n```', []],
  ])('%s', (_rule, body, want) => expect(queryBlocksIn(body)).toEqual(want));
});
