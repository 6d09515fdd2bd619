// Each frontmatter shape of issue 2: the adapter's gray-matter reading (parseSourceText) and the core's
// normalisation (readSourceFrontmatter), then the same shapes through the whole pipeline on aria-basic.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSourceFrontmatter } from '../../src/core/model/readSourceFrontmatter.js';
import { readFrontmatterLines } from '../../src/core/model/readFrontmatterLines.js';
import { parseSourceText } from '../../src/node/parseSourceText.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { fixture } from './foundationSupport.js';

const read = (text: string) => readSourceFrontmatter(parseSourceText(text));

describe.each([
  ['inline list tags', '---\ntags: [api, pagination]\n---\n', { tags: ['api', 'pagination'] }],
  ['block list tags', '---\ntags:\n  - api\n  - pagination\n---\n', { tags: ['api', 'pagination'] }],
  ['comma-separated tags', '---\ntags: api, pagination\n---\n', { tags: ['api', 'pagination'] }],
  ['tags lower-cased, `#` dropped', '---\ntags: [API, "#Stripe"]\n---\n', { tags: ['api', 'stripe'] }],
  ['null and empty tag entries dropped', '---\ntags: [api, null, "", ~]\n---\n', { tags: ['api'] }],
  ['block list with an empty item', '---\ntags:\n  - api\n  -\n---\n', { tags: ['api'] }],
  ['Obsidian `tag:` read as a tag list (a tag field by default)', '---\ntag: design\n---\n', { tag: ['design'] }],
  ['semantic-hints as a list', '---\nsemantic-hints: [n plus one, slow list]\n---\n', { hints: ['n plus one', 'slow list'] }],
  ['semantic-hints as a string', '---\nsemantic-hints: n plus one, slow list\n---\n', { hints: ['n plus one', 'slow list'] }],
  ['category and type lower-cased', '---\ncategory: Runtime-Errors\ntype: Pitfall\n---\n', { category: 'runtime-errors', type: 'pitfall' }],
  ['status defaults to active', '---\ntitle: x\n---\n', { status: 'active' }],
  ['status deprecated', '---\nstatus: Deprecated\n---\n', { status: 'deprecated' }],
  ['superseded_by implies superseded', '---\nsuperseded_by: decisions/005.md\n---\n', { status: 'superseded', supersededBy: 'decisions/005.md' }],
  ['superseded-by read as the same key', '---\nsuperseded-by: decisions/005.md\n---\n', { status: 'superseded', supersededBy: 'decisions/005.md' }],
  ['an unknown status reads as active', '---\nstatus: wip\n---\n', { status: 'active' }],
  ['date as a YAML date', '---\ndate: 2026-03-04\n---\n', { date: '2026-03-04' }],
  ['date as a quoted string', '---\ndate: "2026-03-04"\n---\n', { date: '2026-03-04' }],
  ['an impossible quoted date is dropped', '---\ndate: "2026-02-30"\n---\n', { date: undefined }],
  ['`Last updated` as the update date', '---\nLast updated: 2026-05-06\n---\n', { updated: '2026-05-06' }],
  ['project, scope, repo', '---\nproject: Pay\nscope: repo\nrepo: payments-api\n---\n', { project: 'pay', scope: 'repo', repo: 'payments-api' }],
  ['unknown keys are kept, not rejected', '---\nowner: ada\nreviewers: [bob, carol]\n---\n', { extra: { owner: 'ada', reviewers: ['bob', 'carol'] } }],
  ['list frontmatter reads as empty', '---\n- a\n- b\n---\n', { tags: [], extra: {} }],
  ['scalar frontmatter reads as empty', '---\njust text\n---\n', { tags: [], extra: {} }],
  ['no frontmatter is still a note', '# Title\n\nBody\n', { tags: [], status: 'active' }],
  ['draft: true is unpublished', '---\ndraft: true\n---\n', { unpublished: true }],
  ['private: true is unpublished', '---\nprivate: true\n---\n', { unpublished: true }],
  ['publish: false is unpublished', '---\npublish: false\n---\n', { unpublished: true }],
  ['publish: "no" is unpublished', '---\npublish: "no"\n---\n', { unpublished: true }],
  ['draft: false is published', '---\ndraft: false\npublish: true\n---\n', { unpublished: false }],
])('frontmatter shape: %s', (_rule, text, expected) => {
  it('normalises', () => expect(read(text)).toMatchObject(expected));
});

// The three kinds of broken YAML met in real folders: the note is kept, read line by line, warned with its line.
describe.each([
  [
    '`related_prs: [#3883]` (a comment inside a flow list)',
    '---\ntitle: PRs\ntags: [ci]\ncategory: Build\nrelated_prs: [#3883]\n---\n# H\n',
    5,
    { title: 'PRs', tags: ['ci'], category: 'build' },
  ],
  ['an unquoted colon', '---\ntitle: Fix: retries\ntags: api, db\n---\n', 2, { title: 'Fix: retries', tags: ['api', 'db'] }],
  ['`aliases: - @user`', '---\ntitle: At\ntags:\n  - testing\naliases: - @user\n---\n', 5, { title: 'At', tags: ['testing'] }],
])('broken YAML: %s', (_kind, text, line, expected) => {
  const parsed = parseSourceText(text);
  it('is reported with the line of the broken entry', () => expect(parsed.yamlError?.line).toBe(line));
  it('keeps what a line-based reading finds', () => expect(readSourceFrontmatter(parsed)).toMatchObject(expected));
});

describe('parseSourceText: file-level shapes', () => {
  it.each([
    ['a byte-order mark', '\uFEFF---\ntags: [a]\n---\nbody', ['a']],
    ['CRLF line endings', '---\r\ntags: [a]\r\n---\r\nbody\r\n', ['a']],
    ['`...` closing the block', '---\ntags: [a]\n...\nbody', ['a']],
  ])('reads frontmatter despite %s', (_case, text, tags) => expect(read(text).tags).toEqual(tags));
  it('warns on an opening `---` that is never closed and keeps the whole text as body', () => {
    const parsed = parseSourceText('---\ntitle: x\n\n# Body\n');
    expect(parsed.yamlError).toEqual({ message: 'frontmatter has no closing `---`', line: 1 });
    expect(parsed.body).toContain('# Body');
  });
  it('never evaluates `---js` frontmatter (gray-matter would eval it)', () => {
    const g = globalThis as { kbPwned?: boolean };
    const parsed = parseSourceText('---js\n{ a: (globalThis.kbPwned = true) }\n---\n# Body\n');
    expect(g.kbPwned).toBeUndefined();
    expect(parsed.data).toBeUndefined();
  });
});

describe('readFrontmatterLines (the fallback reading)', () => {
  it.each([
    ['key: value', 'title: Hello', { title: 'Hello' }],
    ['inline list with what broke the YAML', 'related_prs: [#3883, #12]', { related_prs: ['#3883', '#12'] }],
    ['block list under an empty key', 'tags:\n  - a\n  - "b"', { tags: ['a', 'b'] }],
    ['quoted value', "title: 'Quoted: yes'", { title: 'Quoted: yes' }],
    ['indented lines outside a list are ignored', 'title: x\n  stray: y', { title: 'x' }],
  ])('%s', (_case, text, expected) => expect(readFrontmatterLines(text)).toEqual(expected));
});

describe('frontmatter through the pipeline (aria-basic)', () => {
  const result = indexKnowledgeFolder(fixture('aria-basic'));
  const note = (path: string) => result.index.notes.find((n) => n.path === path)!;
  it.each([
    ['frontmatter title wins', 'approaches/api-versioning.md', 'Version the API in the URL'],
    ['else the first # heading', 'guides/no-frontmatter.md', 'A note without frontmatter'],
    ['else the file name', 'guides/only-body.md', 'only-body'],
  ])('title: %s', (_rule, path, title) => expect(note(path).title).toBe(title));
  it('description is the first # heading when frontmatter has none', () => expect(note('approaches/api-versioning.md').description).toBe('API versioning'));
  it('bodyLine: the body is the file from that line on (1 without frontmatter)', () => {
    expect(note('guides/no-frontmatter.md').bodyLine).toBe(1);
    expect(note('approaches/api-versioning.md').bodyLine).toBeGreaterThan(1);
    for (const n of result.index.notes) {
      const lines = readFileSync(join(fixture('aria-basic'), n.path), 'utf8')
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .split('\n');
      expect(lines.slice(n.bodyLine - 1).join('\n'), n.path).toBe(result.bodies.get(n.path));
    }
  });
  it('recognises [[wikilinks]] (target only, without #section or |label)', () =>
    expect(note('decisions/001-use-postgres.md').wikilinks).toEqual(['002-use-cockroach', 'glossary']));
  it.each([
    ['guides/yaml/related-prs.md', 5],
    ['guides/yaml/unquoted-colon.md', 2],
    ['guides/yaml/at-alias.md', 5],
  ])('%s is indexed with a yaml-invalid warning at line %i', (path, line) => {
    expect(note(path)).toBeDefined();
    expect(result.issues).toContainEqual(expect.objectContaining({ code: 'yaml-invalid', file: path, line, severity: 'warning' }));
    expect(result.report.find((e) => e.path === path)).toMatchObject({ outcome: 'warned', messages: [expect.stringContaining(`${path}:${line}: warning:`)] });
  });
  it.each(['guides/yaml/list-frontmatter.md', 'guides/yaml/scalar-frontmatter.md'])('%s is a note with a frontmatter-not-mapping warning', (path) => {
    expect(note(path).title).toMatch(/instead of a mapping/);
    expect(result.issues).toContainEqual(expect.objectContaining({ code: 'frontmatter-not-mapping', file: path }));
  });
  it('the MDX note keeps its format', () => expect(note('references/http/status-codes.mdx').format).toBe('mdx'));
});
