// How real folders file their notes (issue 17): tags from every tag field (`tags`, `tag`, Obsidian's
// `topics: ["[[topic map]]"]`) and inline `#tags` in an Obsidian vault, a category from `section:`, nested
// tags with a working page, and `archive/` folders left out at any depth.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../src/core/model/readBody.js';
import { normaliseTag, normaliseTagList } from '../../src/core/tags/normaliseTag.js';
import { tagSlug } from '../../src/core/tags/tagSlug.js';
import { renderCategoriesTxt, renderTagsTxt } from '../../src/core/render/renderIndexMd.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { copyFixture, fixture } from './foundationSupport.js';

const result = indexKnowledgeFolder(fixture('obsidian-topics'));
const note = (path: string) => result.index.notes.find((n) => n.path === path);

describe.each<[string, string, string[]]>([
  ['topics: ["[[…]]"] (arscontexta)', 'notes/processing.md', ['processing-workflows']],
  ['topics: [[…]] unquoted (a list in a list to YAML)', 'notes/unquoted.md', ['maintenance-patterns']],
  ['tags, tag and topics together; labels and headings of a wikilink dropped', 'notes/mixed.md', ['alpha', 'beta', 'folder/sub-topic', 'gamma', 'topic-map']],
  ['inline #tags in an Obsidian vault, nested kept, never in code', 'notes/inline.md', ['inline-tag', 'lang/ts', 'notaheading', 'stop']],
  ['no tag anywhere', 'notes/untagged.md', []],
])('tags: %s', (_case, path, tags) => {
  it(`${path} → [${tags.join(', ')}]`, () => expect(note(path)?.tags).toEqual(tags));
});

describe.each<[string, string, string | undefined]>([
  ['section: when there is no category (the govuk manual)', 'runbooks/deploy.md', 'deployment'],
  ['category: wins over section:', 'runbooks/both.md', 'ops'],
  ['neither', 'notes/untagged.md', undefined],
])('category: %s', (_case, path, category) => {
  it(`${path} → ${category}`, () => expect(note(path)?.category).toBe(category));
});

describe('archive folders', () => {
  it.each([
    ['archive/ancient.md', 'archive'],
    ['project/plans/Archive/old-plan.md', 'archive'],
    ['project/specs/archive/old-spec.md', 'archive'],
  ])('%s is excluded by rule %s, and counted', (path, rule) => {
    expect(result.report.find((e) => e.path === path)).toMatchObject({ outcome: 'excluded', rule });
    expect(note(path)).toBeUndefined();
  });
  it('counted by rule', () => expect(result.counts.excludedByRule.archive).toBe(3));
  it('the note beside an archive folder is indexed', () => expect(note('project/specs/current.md')).toBeDefined());
  it('config include brings an archive folder back', () => {
    const dir = copyFixture('obsidian-topics');
    writeFileSync(join(dir, 'kb.config.yaml'), "include: ['project/plans/Archive/**']\n");
    const r = indexKnowledgeFolder(dir);
    expect(r.index.notes.map((n) => n.path)).toContain('project/plans/Archive/old-plan.md');
    expect(r.counts.excludedByRule.archive).toBe(2);
  });
});

describe('config: tagFields, categoryFields, inlineTags', () => {
  const withConfig = (yaml: string) => {
    const dir = copyFixture('obsidian-topics');
    writeFileSync(join(dir, 'kb.config.yaml'), yaml);
    return indexKnowledgeFolder(dir).index.notes;
  };
  it('tagFields: [tags] reads only `tags:`', () => {
    const notes = withConfig('tagFields: [tags]\ninlineTags: false\n');
    expect(notes.find((n) => n.path === 'notes/mixed.md')?.tags).toEqual(['alpha', 'beta']);
    expect(notes.find((n) => n.path === 'notes/processing.md')?.tags).toEqual([]);
  });
  it('tagFields may name any key (methodology)', () =>
    expect(withConfig('tagFields: [methodology]\n').find((n) => n.path === 'notes/unquoted.md')?.tags).toEqual(['evergreen']));
  it('inlineTags: false turns inline tags off in a vault', () =>
    expect(withConfig('inlineTags: false\n').find((n) => n.path === 'notes/inline.md')?.tags).toEqual([]));
  it('inline tags are off by default outside a vault (#channel is a chat room there), on with inlineTags: true', () => {
    const outside = copyFixture('aria-basic');
    writeFileSync(join(outside, 'guides/slack.md'), '# Ask\n\nAsk in #payments-oncall.\n');
    const tags = () => indexKnowledgeFolder(outside).index.notes.find((n) => n.path === 'guides/slack.md')?.tags;
    expect(tags()).toEqual([]);
    writeFileSync(join(outside, 'kb.config.yaml'), 'inlineTags: true\n');
    expect(tags()).toEqual(['payments-oncall']);
  });
  it('categoryFields: [section] ignores category:', () =>
    expect(withConfig('categoryFields: [section]\n').find((n) => n.path === 'runbooks/both.md')?.category).toBe('deployment'));
  it('an empty tagFields list is a config error', () => expect(() => withConfig('tagFields: []\n')).toThrow(/tagFields: Array must contain at least 1/));
});

describe('nested tags', () => {
  it('are kept as a/b and get their own, working page slug', () => {
    expect(renderTagsTxt(result.index).split('\n')).toContain('lang/ts');
    expect(tagSlug('lang/ts')).toBe('lang~2f~ts');
  });
  it('kb-categories.txt holds the section', () => expect(renderCategoriesTxt(result.index).split('\n')).toContain('deployment'));
});

describe('normaliseTag unwraps wikilinks', () => {
  it.each([
    ['[[topic map]]', 'topic-map'],
    ['"[[Topic Map]]"', 'topic-map'],
    ['[[target|label]]', 'target'],
    ['[[note#Heading]]', 'note'],
    ['[[a/b]]', 'a/b'],
    ['[[]]', undefined],
    ['[not a link]', '[not-a-link]'],
  ])('%s → %s', (raw, tag) => expect(normaliseTag(raw)).toBe(tag));
  it('a string of wikilinks is a list', () => expect(normaliseTagList('[[a]], [[b c]]')).toEqual(['a', 'b-c']));
  it('`[a, b]` is still a list', () => expect(normaliseTagList('[a, b]')).toEqual(['a', 'b']));
});

describe('readBody inline tags', () => {
  it.each([
    ['at a line start', '#todo later', ['todo']],
    ['after a space', 'see #todo', ['todo']],
    ['not after a letter (an anchor, a URL)', 'a#b https://x.io/#c [x](#d)', []],
    ['only digits is an issue number', 'fixes #123 and #4-5', []],
    ['digits with a letter is a tag', '#2026q3', ['2026q3']],
    ['nested, outer slashes trimmed', '#a/b/ and #/c', ['a/b', 'c']],
    ['a heading is not a tag', '# Heading\n## Two', []],
    ['not in a code span', 'use `#x` here', []],
    ['not in a fenced block', '```\n#x\n```', []],
    ['not in an indented code block', 'para\n\n    #define X\n', []],
    ['but in an indented line that continues a paragraph', 'para\n    #cont', ['cont']],
  ])('%s', (_case, body, tags) => expect(readBody(body).tags).toEqual(tags));
});
