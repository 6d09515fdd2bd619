// "Last updated" from git (src/node/site/gitDates.ts): one `git log` over a folder that is a repository of its own,
// commit dates pinned here; nested folders and shallow clones fall back to frontmatter.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitDatesSummary, parseGitLog, readGitDates } from '../../src/node/site/gitDates.ts';
import { CONTENT, tempDir } from './foundationSupport.ts';
import { git } from './gitSupport.ts';

function commit(repo: string, files: Record<string, string>, date: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', `at ${date}`], date);
}

describe('readGitDates', () => {
  const repo = join(tempDir('kb-git-'), 'kb');
  mkdirSync(repo);
  git(repo, ['init', '-q', '-b', 'main']);
  commit(repo, { 'decisions/a.md': 'a', 'decisions/b c.md': 'b', 'guides/é.md': 'e' }, '2026-01-01T12:00:00Z');
  commit(repo, { 'decisions/a.md': 'a2' }, '2026-03-05T23:30:00-05:00'); // 2026-03-06 in UTC
  commit(repo, { 'guides/é.md': 'e2' }, '2026-02-01T08:00:00Z');

  it('dates each file by its last commit, in UTC; names with spaces and accents survive', () => {
    const result = readGitDates(repo);
    expect(result.source).toBe('git');
    expect(result.source === 'git' && Object.fromEntries(result.dates)).toEqual({
      'decisions/a.md': '2026-03-06',
      'decisions/b c.md': '2026-01-01',
      'guides/é.md': '2026-02-01',
    });
  });

  it('is read again when HEAD moves, and only then (a dev server reads the folder on every save)', () => {
    const moving = join(tempDir('kb-git-head-'), 'kb');
    mkdirSync(moving);
    git(moving, ['init', '-q', '-b', 'main']);
    commit(moving, { 'a.md': 'a' }, '2026-01-01T12:00:00Z');
    const first = readGitDates(moving);
    // A saved, uncommitted change: the same history.
    writeFileSync(join(moving, 'a.md'), 'a, edited');
    expect(readGitDates(moving)).toEqual(first);
    commit(moving, { 'a.md': 'a2', 'b.md': 'b' }, '2026-04-02T12:00:00Z');
    const second = readGitDates(moving);
    expect(second.source === 'git' && Object.fromEntries(second.dates)).toEqual({ 'a.md': '2026-04-02', 'b.md': '2026-04-02' });
    git(moving, ['commit', '-q', '--amend', '-m', 'amended'], '2026-05-03T12:00:00Z');
    const amended = readGitDates(moving);
    expect(amended.source === 'git' && Object.fromEntries(amended.dates)).toEqual({ 'a.md': '2026-05-03', 'b.md': '2026-05-03' });
  });

  it('a folder inside another repository is not its own history', () => {
    expect(readGitDates(join(repo, 'decisions'))).toEqual({ source: 'none', reason: 'nested' });
    expect(readGitDates(CONTENT)).toEqual({ source: 'none', reason: 'nested' });
  });

  it('a folder outside any repository', () => expect(readGitDates(tempDir('kb-nogit-'))).toEqual({ source: 'none', reason: 'not-a-repo' }));

  it('a worktree (its `.git` is a file) has its repository’s history', () => {
    const worktree = join(tempDir('kb-git-worktree-'), 'kb');
    git(repo, ['worktree', 'add', '-q', '--detach', worktree]);
    const result = readGitDates(worktree);
    expect(result.source === 'git' && result.dates.get('decisions/a.md')).toBe('2026-03-06');
  });

  it('a repository without a commit yet has no dates to give', () => {
    const empty = join(tempDir('kb-git-empty-'), 'kb');
    mkdirSync(empty);
    git(empty, ['init', '-q', '-b', 'main']);
    writeFileSync(join(empty, 'a.md'), 'a');
    expect(readGitDates(empty)).toEqual({ source: 'none', reason: 'git-failed' });
  });

  it('a shallow clone is refused (every file would carry the clone’s last commit date), and the build log says so', () => {
    const shallow = join(tempDir('kb-shallow-'), 'kb');
    git(tempDir(), ['clone', '-q', '--depth', '1', `file://${repo}`, shallow]);
    const result = readGitDates(shallow);
    expect(result).toEqual({ source: 'none', reason: 'shallow' });
    expect(gitDatesSummary(result)).toMatch(/shallow git clone.*frontmatter/);
  });
});

describe('parseGitLog', () => {
  // `git log -z -M --format=%x1e%ct --name-status`: time, then status and path(s), NUL-separated.
  it.each([
    ['empty', '', {}, {}],
    [
      'newest commit wins',
      '\x1e1767268800\0\nM\0a.md\0A\0b.md\0\x1e1704067200\0\nA\0a.md\0A\0c.md\0',
      { 'a.md': '2026-01-01', 'b.md': '2026-01-01', 'c.md': '2024-01-01' },
      {},
    ],
    ['a commit without files', '\x1e1767268800\0\x1e1704067200\0\nA\0a.md\0', { 'a.md': '2024-01-01' }, {}],
    [
      'a rename dates both paths and records the old one',
      '\x1e1767268800\0\nR100\0old.md\0new.md\0\x1e1704067200\0\nA\0old.md\0',
      { 'old.md': '2026-01-01', 'new.md': '2026-01-01' },
      { 'old.md': 'new.md' },
    ],
    [
      'a chain of renames leads to the path the file has now',
      '\x1e1767268800\0\nR090\0b.md\0c.md\0\x1e1704067200\0\nR100\0a.md\0b.md\0',
      { 'b.md': '2026-01-01', 'c.md': '2026-01-01', 'a.md': '2024-01-01' },
      { 'a.md': 'c.md', 'b.md': 'c.md' },
    ],
    ['a copy is no rename', '\x1e1767268800\0\nC100\0a.md\0b.md\0', { 'a.md': '2026-01-01', 'b.md': '2026-01-01' }, {}],
  ])('%s', (_, output, dates, renames) => {
    const parsed = parseGitLog(output);
    expect(Object.fromEntries(parsed.dates)).toEqual(dates);
    expect(Object.fromEntries(parsed.renames)).toEqual(renames);
  });
});

describe('a folder outside any repository, notes without dates', () => {
  it('the site dates each note by its modification day, the feed lists them, nothing says 1970', async () => {
    const { prepareFixture } = await import('./preparedSite.ts');
    const { renderAtomFeed } = await import('../../src/core/outputs/renderAtomFeed.ts');
    const { utimesSync } = await import('node:fs');
    const kb = tempDir('kb-nogit-');
    writeFileSync(join(kb, 'a.md'), '---\ntags: [ops]\n---\n# A\n\nBody.\n');
    writeFileSync(join(kb, 'b.md'), '# B\n\nNo frontmatter at all.\n');
    writeFileSync(join(kb, 'c.md'), '---\ndate: 2026-01-02\n---\n# C\n');
    utimesSync(join(kb, 'a.md'), new Date('2026-05-04T10:00:00Z'), new Date('2026-05-04T10:00:00Z'));
    utimesSync(join(kb, 'b.md'), new Date('2026-06-07T10:00:00Z'), new Date('2026-06-07T10:00:00Z'));
    utimesSync(join(kb, 'c.md'), new Date('2026-07-01T10:00:00Z'), new Date('2026-07-01T10:00:00Z'));
    const site = await prepareFixture(kb);
    // The frontmatter date comes before the file's time.
    expect(site.model.updated).toEqual({ 'a.md': '2026-05-04', 'b.md': '2026-06-07', 'c.md': '2026-01-02' });
    expect(site.summary).toContain(gitDatesSummary({ source: 'none', reason: 'not-a-repo' }));
    const feed = renderAtomFeed({
      title: 'KB',
      description: undefined,
      notes: site.model.index.notes,
      updated: site.model.updated ?? {},
      today: '2026-10-15',
      url: (p) => p,
      home: '/',
      feed: '/feed.xml',
      note: (slug) => `/notes/${slug}/`,
    });
    expect(feed).toContain('  <updated>2026-06-07T00:00:00Z</updated>');
    expect(feed.match(/<entry>/g)).toHaveLength(3);
    expect(feed).not.toContain('1970');
  });
});
