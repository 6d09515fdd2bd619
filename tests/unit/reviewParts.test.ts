// The parts of `kb review` below the command: the default branch and merge base it compares with, how findings
// are matched across the two sides, what tag pages list, and text from notes in the comment.
import { describe, expect, it } from 'vitest';
import { codeSpan, markdownText } from '../../src/core/review/markdownText.ts';
import { newOccurrences } from '../../src/core/review/newOccurrences.ts';
import { tagPageLists } from '../../src/core/review/diffTagPages.ts';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { buildTagPages } from '../../src/core/views/tagPageView.ts';
import { allTags } from '../../src/core/navigation/summariseIndex.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { resolveReviewBase, ReviewBaseError } from '../../src/node/review/resolveReviewBase.ts';
import { CONTENT, fixture, tempDir } from './foundationSupport.ts';
import { git } from './gitSupport.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

describe.each<[string, string[], string | undefined]>([
  [
    'origin/HEAD names the remote’s default branch',
    ['remote origin/trunk', 'remote origin/main', 'symref origin/HEAD origin/trunk', 'branch main'],
    'origin/trunk',
  ],
  ['without origin/HEAD, origin/main before a local main', ['remote origin/main', 'branch main'], 'origin/main'],
  ['origin/master when it is the remote’s only one', ['remote origin/master', 'branch main'], 'origin/master'],
  ['a local main, without a remote', ['branch main', 'branch master'], 'main'],
  ['a local master, without a remote', ['branch master'], 'master'],
  ['none of them: an error that says what to pass', ['branch trunk'], undefined],
])('the default branch: %s', (_case, refs, expected) => {
  it(expected ? `is ${expected}` : 'is not guessed', () => {
    const repo = tempDir('kb-review-base-');
    git(repo, ['init', '-q', '-b', 'work']);
    writeFileSync(join(repo, 'a.md'), '# A\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'a']);
    for (const ref of refs) {
      const [kind, name, target] = ref.split(' ') as [string, string, string?];
      if (kind === 'branch') git(repo, ['branch', name]);
      else if (kind === 'remote') git(repo, ['update-ref', `refs/remotes/${name}`, 'HEAD']);
      else git(repo, ['symbolic-ref', `refs/remotes/${name}`, `refs/remotes/${target}`]);
    }
    if (expected) {
      const base = resolveReviewBase(repo, undefined);
      expect(base).toEqual({ ref: expected, commit: git(repo, ['rev-parse', 'HEAD']), how: `merge base of HEAD and ${expected}` });
    } else expect(() => resolveReviewBase(repo, undefined)).toThrow(ReviewBaseError);
  });
});

describe('findings new on the working tree side', () => {
  const key = (x: { k: string }) => x.k;
  const line = (x: { line: number }) => x.line;
  it.each<[string, { k: string; line: number }[], { k: string; line: number }[], number[]]>([
    ['the same finding on another line (an edit above it) is not new', [{ k: 'a', line: 3 }], [{ k: 'a', line: 9 }], []],
    [
      'a second finding of the same kind in the same file is',
      [{ k: 'a', line: 3 }],
      [
        { k: 'a', line: 3 },
        { k: 'a', line: 7 },
      ],
      [7],
    ],
    [
      'of a grown key, the one on a new line is taken',
      [{ k: 'a', line: 7 }],
      [
        { k: 'a', line: 3 },
        { k: 'a', line: 7 },
      ],
      [3],
    ],
    ['one that went away and another that came', [{ k: 'a', line: 1 }], [{ k: 'b', line: 1 }], [1]],
  ])('%s', (_case, before, after, lines) => expect(newOccurrences(before, after, key, line).map((x) => x.line)).toEqual(lines));
});

describe('tag page lists', () => {
  it.each([
    ['content/', CONTENT],
    ['query-aria', fixture('query-aria')],
  ])('of %s are what each tag page lists', (_name, dir) => {
    const { index } = indexKnowledgeFolder(dir);
    const tags = allTags(index);
    const pages = buildTagPages(index, tags, (tag) => {
      const result = runQuery(index, tag, { today: '2026-10-15' });
      return { result, view: result };
    });
    const lists = tagPageLists(index, '2026-10-15');
    expect([...lists.pages.keys()]).toEqual(tags);
    for (const tag of tags) {
      const page = pages.get(tag)!;
      expect(lists.pages.get(tag), tag).toEqual([...page.view.results.map((r) => r.path), ...(page.also?.notes.map((n) => n.path) ?? [])]);
    }
    expect(Object.fromEntries(lists.aliases)).toEqual(Object.fromEntries(Object.entries(index.aliases).filter(([alias]) => !tags.includes(alias))));
  });
});

describe.each<[string, string, string]>([
  ['emphasis, code and links stay literal', 'Use *stars*, `ticks` and [a](b)', 'Use \\*stars\\*, \\`ticks\\` and \\[a\\](b)'],
  ['HTML stays text', '<img src=x onerror=alert(1)> & co', '&lt;img src=x onerror=alert(1)&gt; &amp; co'],
  ['a mention notifies no one', 'ask @platform-team', 'ask @\u2060platform-team'],
  ['line breaks cannot start a heading or a list', 'one\n# two\n- three', 'one # two - three'],
  ['table pipes and strikethrough', 'a | b ~~c~~', 'a \\| b \\~\\~c\\~\\~'],
])('note text in the comment: %s', (_case, text, expected) => {
  it('is escaped', () => expect(markdownText(text)).toBe(expected));
});

describe.each<[string, string, string]>([
  ['a plain path', 'guides/a.md', '`guides/a.md`'],
  ['backticks inside', 'a`b', '``a`b``'],
  ['a backtick at an end', '`a', '`` `a ``'],
  ['a line break', 'a\nb', '`a b`'],
])('a code span: %s', (_case, text, expected) => {
  it('holds the text as written', () => expect(codeSpan(text)).toBe(expected));
});
