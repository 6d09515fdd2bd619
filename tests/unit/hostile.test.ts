// The hostile corpus (issue 7): every broken or awkward input gets exactly the outcome in this table.
// tests/fixtures/hostile/ holds what git can store; the rest is made here, in a temporary copy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_TAG_SLUGS, tagSlug } from '../../src/core/tags/tagSlug.js';
import { normaliseTag } from '../../src/core/tags/normaliseTag.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { main } from '../../src/cli/main.js';
import { accountingOf, captureIo, copyFixture, tempDir } from './foundationSupport.js';

const dir = copyFixture('hostile');
const outside = tempDir('kb-outside-');
writeFileSync(join(outside, 'secret-plans.md'), '# Outside the knowledge folder\n');
const DEEP = Array.from({ length: 20 }, (_, i) => `d${i + 1}`).join('/');
const made: [string, string | Buffer][] = [
  ['names/what?.md', '# Question mark\n'],
  ['names/say "hi".md', '# Double quotes\n'],
  ['case/Note.md', '# Upper-case twin\n'],
  ['case/note.md', '# Lower-case twin\n'],
  ['encoding/latin1.md', Buffer.from('---\ntags: [caf\xe9]\n---\n# Caf\xe9 cr\xe8me\n', 'latin1')],
  ['encoding/binary.md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
  ['big/five-mb.md', `# Five megabytes\n\n${'All work and no play makes a very long note. '.repeat(116_000)}`],
  [`deep/${DEEP}/bottom.md`, '# Twenty folders down\n'],
  ['node_modules/pkg/README.md', '# A dependency, not a note\n'],
];
for (const [path, data] of made) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), data);
}
symlinkSync('.', join(dir, 'links-loop')); // a folder that contains itself
symlinkSync('links-cycle-b', join(dir, 'links-cycle-a')); // two links pointing at each other
symlinkSync('links-cycle-a', join(dir, 'links-cycle-b'));
symlinkSync(outside, join(dir, 'links-outside-dir'));
symlinkSync(join(outside, 'secret-plans.md'), join(dir, 'links-outside.md'));
symlinkSync('does-not-exist.md', join(dir, 'links-broken.md'));
symlinkSync('empty/empty.md', join(dir, 'links-inside.md'));
let fifo = false;
try {
  execFileSync('mkfifo', [join(dir, 'pipe.md')]);
  fifo = true;
} catch {
  // no mkfifo on this system: the row is skipped below
}

const result = indexKnowledgeFolder(dir);
const entry = (path: string) => result.report.find((e) => e.path === path);
const note = (path: string) => result.index.notes.find((n) => n.path === path);

type Expected = { outcome: string; rule?: string; code?: string; line?: number; slug?: string; tags?: string[]; title?: string };
const TABLE: [string, string, Expected][] = [
  ['invalid YAML: `[#3883]`', 'yaml/flow-hash.md', { outcome: 'warned', code: 'yaml-invalid', line: 4, tags: ['yaml'] }],
  ['invalid YAML: unquoted colon', 'yaml/unquoted-colon.md', { outcome: 'warned', code: 'yaml-invalid', line: 2, title: 'Fix: it broke' }],
  ['invalid YAML: `aliases: - @user`', 'yaml/at-sign.md', { outcome: 'warned', code: 'yaml-invalid', line: 3, tags: ['yaml'] }],
  ['YAML alias bomb: read without blowing up', 'yaml/bomb.md', { outcome: 'indexed', title: 'A billion laughs', tags: [] }],
  ['tab-indented list', 'yaml/tab-indent.md', { outcome: 'indexed', tags: ['yaml'] }],
  ['frontmatter is a list', 'yaml/list.md', { outcome: 'warned', code: 'frontmatter-not-mapping', line: 1 }],
  ['frontmatter is a scalar', 'yaml/scalar.md', { outcome: 'warned', code: 'frontmatter-not-mapping', line: 1 }],
  ['no closing ---', 'yaml/no-closing.md', { outcome: 'warned', code: 'yaml-invalid', line: 1 }],
  ['`---js` frontmatter is never evaluated', 'yaml/js-engine.md', { outcome: 'indexed', title: 'Not evaluated' }],
  ['byte-order mark', 'encoding/bom.md', { outcome: 'indexed', tags: ['bom'] }],
  ['CRLF line endings', 'encoding/crlf.md', { outcome: 'indexed', tags: ['crlf'], title: 'CRLF line endings' }],
  ['Latin-1 bytes: read as Latin-1, warned', 'encoding/latin1.md', { outcome: 'warned', code: 'encoding', tags: ['café'], title: 'Café crème' }],
  ['binary file named .md', 'encoding/binary.md', { outcome: 'excluded', rule: 'binary', code: 'binary' }],
  ['empty file', 'empty/empty.md', { outcome: 'indexed', title: 'empty' }],
  ['only the fences', 'empty/only-fences.md', { outcome: 'indexed', title: 'only-fences' }],
  ['a 5 MB note: indexed, warned as large', 'big/five-mb.md', { outcome: 'warned', code: 'large-file' }],
  ['20-deep folders', `deep/${DEEP}/bottom.md`, { outcome: 'indexed', title: 'Twenty folders down' }],
  ['name with spaces', 'names/with spaces.md', { outcome: 'indexed', slug: 'names/with-spaces' }],
  ['name with emoji', 'names/emoji 🚀 launch.md', { outcome: 'indexed', slug: 'names/emoji-launch' }],
  ['name that is only an emoji', 'names/🚀.md', { outcome: 'indexed', slug: 'names/untitled' }],
  ['name with &', 'names/R&D notes.md', { outcome: 'indexed', slug: 'names/r-d-notes' }],
  ['name with #', 'names/issue #12.md', { outcome: 'indexed', slug: 'names/issue-12' }],
  ['name with ?', 'names/what?.md', { outcome: 'indexed', slug: 'names/what' }],
  ['name with %', 'names/100% done.md', { outcome: 'indexed', slug: 'names/100-done' }],
  ["name with '", "names/it's.md", { outcome: 'indexed', slug: 'names/it-s' }],
  ['name with "', 'names/say "hi".md', { outcome: 'indexed', slug: 'names/say-hi' }],
  ['Japanese name', 'names/日本語メモ.md', { outcome: 'indexed', slug: 'names/日本語メモ' }],
  ['Cyrillic name', 'names/заметка.md', { outcome: 'indexed', slug: 'names/заметка' }],
  ['slug collision: first keeps the slug', 'slugs/a b.md', { outcome: 'indexed', slug: 'slugs/a-b' }],
  ['slug collision: second gets -2', 'slugs/a-b.md', { outcome: 'indexed', slug: 'slugs/a-b-2' }],
  ['slug collision: third gets -3', 'slugs/a_b.md', { outcome: 'indexed', slug: 'slugs/a-b-3' }],
  ['slug collision only by case: first', 'case/Note.md', { outcome: 'indexed', slug: 'case/note' }],
  ['slug collision only by case: second', 'case/note.md', { outcome: 'indexed', slug: 'case/note-2' }],
  ['tags empty or only punctuation are dropped', 'tags/empty-tags.md', { outcome: 'indexed', tags: [] }],
  ['nested tags with / are kept', 'tags/nested.md', { outcome: 'indexed', tags: ['lang/ts', 'lang/ts/strict'] }],
  ['tags named like reserved pages are kept', 'tags/reserved.md', { outcome: 'indexed', tags: ['all', 'con', 'index', 'page', 'tags'] }],
  ['symlink loop (a folder linking to itself)', 'links-loop', { outcome: 'excluded', rule: 'symlink-loop', code: 'symlink-loop' }],
  ['symlink cycle a → b → a', 'links-cycle-a', { outcome: 'excluded', rule: 'symlink-broken', code: 'symlink-broken' }],
  ['symlink cycle b → a → b', 'links-cycle-b', { outcome: 'excluded', rule: 'symlink-broken', code: 'symlink-broken' }],
  ['symlink to a folder outside', 'links-outside-dir', { outcome: 'excluded', rule: 'symlink-outside', code: 'symlink-outside' }],
  ['symlink to a file outside', 'links-outside.md', { outcome: 'excluded', rule: 'symlink-outside', code: 'symlink-outside' }],
  ['broken symlink', 'links-broken.md', { outcome: 'excluded', rule: 'symlink-broken', code: 'symlink-broken' }],
  ['symlink to a note inside', 'links-inside.md', { outcome: 'indexed', title: 'links-inside' }],
  ['node_modules/ (reported once, as a folder)', 'node_modules/', { outcome: 'excluded', rule: 'ignored-folder' }],
  ['a named pipe is never opened', 'pipe.md', { outcome: 'excluded', rule: 'not-a-file' }],
];

describe.each(TABLE)('hostile: %s', (_case, path, expected) => {
  const skip = path === 'pipe.md' && !fifo;
  it.skipIf(skip)(`${path} → ${expected.outcome}${expected.rule ? ` (${expected.rule})` : ''}`, () => {
    expect(entry(path)).toMatchObject({ outcome: expected.outcome, ...(expected.rule ? { rule: expected.rule } : {}) });
    if (expected.code) {
      const issue = result.issues.find((i) => i.file === path && i.code === expected.code);
      expect(issue).toMatchObject({ severity: 'warning', ...(expected.line ? { line: expected.line } : {}) });
    }
    const n = note(path);
    if (expected.outcome === 'excluded') expect(n).toBeUndefined();
    else
      expect(n).toMatchObject({
        ...(expected.slug ? { slug: expected.slug } : {}),
        ...(expected.tags ? { tags: expected.tags } : {}),
        ...(expected.title ? { title: expected.title } : {}),
      });
  });
});

describe('hostile corpus as a whole', () => {
  it('the report holds exactly the table’s files plus the fixture README', () => {
    const expected = TABLE.map(([, path]) => path).filter((p) => p !== 'pipe.md' || fifo);
    expect(result.report.map((e) => e.path).sort()).toEqual(['README.md', ...expected].sort());
  });
  it('every file is accounted for once and the counts add up', () => {
    const a = accountingOf(result);
    expect(a.sum).toBe(a.filesSeen);
    expect(a.duplicates).toEqual([]);
    expect(a.notesInReport).toBe(true);
  });
  it('nothing outside the folder was read', () => expect(JSON.stringify(result.index)).not.toContain('Outside the knowledge folder'));
  it('no frontmatter code ran', () => expect((globalThis as { kbHostile?: string }).kbHostile).toBeUndefined());
  it('slugs are unique', () => expect(new Set(result.index.notes.map((n) => n.slug)).size).toBe(result.index.notes.length));
  it('kb index exits 0 (warnings only) and prints every warning with file:line', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['index', '--kb', dir, '--out', tempDir()], io)).toBe(0);
    const err = io.stderr.join('\n');
    expect(err).toContain('yaml/flow-hash.md:4: warning: frontmatter is not valid YAML');
    expect(err).toContain('links-outside.md: warning: symlink leads outside the knowledge folder');
    expect(err).toContain('encoding/binary.md: warning: holds binary data');
  });
  it('kb index --strict exits 1 on the same warnings', async () =>
    expect(await main(['index', '--kb', dir, '--out', tempDir(), '--strict'], captureIo(process.cwd()))).toBe(1));
});

describe('tagSlug: a working, unique URL segment for every tag', () => {
  it.each([
    ['plain tag', 'react-native', 'react-native'],
    ['digits', 'n2', 'n2'],
    ['non-Latin letters', '日本語', '日本語'],
    ['nested tag: / is encoded, never a path', 'lang/ts', 'lang~2f~ts'],
    ['plus signs', 'c++', 'c~2b~~2b~'],
    ['a dot cannot make `.` or `..`', '..', '~2e~~2e~'],
    ['reserved page name', 'index', 'index~'],
    ['reserved page name all', 'all', 'all~'],
    ['reserved page name page', 'page', 'page~'],
    ['reserved page name tags', 'tags', 'tags~'],
    ['Windows device name', 'con', 'con~'],
    ['a tag that looks like an encoded one', 'index~', 'index~7e~'],
    ['upper case (never produced by normaliseTag) is encoded', 'A', '~41~'],
    ['query and fragment characters', 'a?b#c%d', 'a~3f~b~23~c~25~d'],
  ])('%s: %s → %s', (_case, tag, slug) => expect(tagSlug(tag)).toBe(slug));
  it('is one-to-one over awkward tags, including every reserved name', () => {
    const tags = [
      ...RESERVED_TAG_SLUGS,
      ...[...RESERVED_TAG_SLUGS].map((t) => `${t}~`),
      'a/b',
      'a~2f~b',
      'a-b',
      'a_b',
      'a b',
      '~',
      '',
      'x'.repeat(300),
      `${'x'.repeat(299)}y`,
    ];
    const slugs = tags.map(tagSlug);
    expect(new Set(slugs).size).toBe(tags.length);
  });
  it('keeps slugs short enough for a file name', () => expect(tagSlug('é'.repeat(500)).length).toBeLessThanOrEqual(130));
  it('never yields a character that needs escaping in a path segment besides letters', () => {
    for (const raw of ['lang/ts', 'a?b', 'a#b', '100%', '"q"', "it's", '<script>', 'a\\b', 'a:b']) {
      const slug = tagSlug(normaliseTag(raw)!);
      expect(slug).not.toMatch(/[/?#%"'<>\\:.]/);
    }
  });
});
