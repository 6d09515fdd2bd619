// A note gives at most MAX_NOTE_TAGS tags (each tag is a page of the site): a frontmatter of 20,000 tags keeps its
// first ones, in the order written, with a warning naming the file; a note within the limit keeps every tag.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_NOTE_TAGS } from '../../src/core/index/buildIndex.ts';
import { formatIssue } from '../../src/core/util/issue.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { tempDir } from './foundationSupport.js';

const dir = tempDir('kb-tag-limit-');
mkdirSync(join(dir, 'notes'));
const many = Array.from({ length: 20_000 }, (_, i) => `t${String(i).padStart(5, '0')}`);
writeFileSync(join(dir, 'notes/bomb.md'), `---\ntags: [${many.join(', ')}]\n---\n# Bomb\n`);
writeFileSync(join(dir, 'notes/fine.md'), `---\ntags: [${many.slice(0, MAX_NOTE_TAGS).join(', ')}]\n---\n# Fine\n`);
const result = indexKnowledgeFolder(dir);
const note = (path: string) => result.index.notes.find((n) => n.path === path)!;

describe('a note with more tags than a site can give pages', () => {
  it('keeps the first ones as written, with a warning naming the file', () => {
    expect(note('notes/bomb.md').tags).toEqual(many.slice(0, MAX_NOTE_TAGS));
    expect(result.issues.map(formatIssue)).toContainEqual(expect.stringMatching(/^notes\/bomb\.md: warning: has 20000 tags; the first 500 are kept/));
  });
  it('a note at the limit keeps every tag, without a word', () => {
    expect(note('notes/fine.md').tags).toHaveLength(MAX_NOTE_TAGS);
    expect(result.issues.filter((i) => i.file === 'notes/fine.md')).toEqual([]);
  });
});
