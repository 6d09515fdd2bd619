// Nothing leaked (issue 7): drafts, private notes, config `private:` globs and the team-shared knowledge of
// projects with sharing off never reach the index, index.md, kb-tags.txt or kb-categories.txt; the report lists them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCategoriesTxt, renderIndexMd, renderTagsTxt } from '../../src/core/render/renderIndexMd.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { serialiseIndex } from '../../src/node/writeIndexOutputs.js';
import { main } from '../../src/cli/main.js';
import { captureIo, fixture, tempDir } from './foundationSupport.js';

const published = (result: ReturnType<typeof indexKnowledgeFolder>) =>
  [serialiseIndex(result.index), renderIndexMd(result.index), renderTagsTxt(result.index), renderCategoriesTxt(result.index)].join('\n');

const result = indexKnowledgeFolder(fixture('private-notes'));

describe.each([
  ['draft: true', 'guides/draft.md', 'unpublished', 'frontmatter'],
  ['private: true', 'guides/private.md', 'unpublished', 'frontmatter'],
  ['publish: false', 'guides/unpublished.md', 'unpublished', 'frontmatter'],
  ['draft: true in a note whose YAML is broken', 'guides/broken-draft.md', 'unpublished', 'frontmatter'],
  ['a config private: glob', 'guides/internal/salaries.md', 'unpublished', 'config-private'],
  ['a private idea', 'intake/ideas/2026-01-01-private-idea.md', 'unpublished', 'frontmatter'],
  ['a draft in a shared project', 'repos/alpha/_project-knowledge/draft.md', 'unpublished', 'frontmatter'],
  ['team-shared of a project with sharing off', 'repos/beta/_project-knowledge/x.md', 'excluded', 'sharing-off'],
  ['team-shared cross/ of a project with sharing off', 'repos/beta/_project-knowledge/cross/y.md', 'excluded', 'sharing-off'],
  ['IDEAS-BACKLOG.md of a project with sharing off', 'repos/beta/_project-knowledge/IDEAS-BACKLOG.md', 'excluded', 'sharing-off'],
])('%s', (_case, path, outcome, rule) => {
  it(`is listed in the report as ${outcome} (${rule})`, () => expect(result.report.find((e) => e.path === path)).toMatchObject({ outcome, rule }));
  it('is not in the index', () => {
    expect(result.index.notes.some((n) => n.path === path)).toBe(false);
    expect(result.index.ideas.some((i) => i.path === path)).toBe(false);
  });
});

describe('published outputs', () => {
  it('hold none of the unpublished notes’ titles, tags, categories, headings or paths', () => {
    const text = published(result);
    expect(text).not.toMatch(/leak-/);
    expect(text).not.toContain('guides/internal');
    expect(text).not.toContain('repos/beta/_project-knowledge');
  });
  it('still hold the published notes', () =>
    expect(result.index.notes.map((n) => n.path)).toEqual(['guides/public.md', 'repos/alpha/_project-knowledge/ok.md']));
  it('kb index lists what it did not publish', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['index', '--kb', fixture('private-notes'), '--out', tempDir()], io)).toBe(0);
    const out = io.stdout.join('\n');
    expect(out).toContain('Unpublished (draft/private): 7');
    expect(out).toContain('- guides/internal/salaries.md (config-private)');
    expect(out).toContain('- guides/draft.md (frontmatter)');
  });
});

describe('a project with sharing off whose code repo is outside the knowledge folder', () => {
  const root = tempDir();
  const kb = join(root, 'kb');
  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };
  write(join(kb, 'kb.config.yaml'), 'projects:\n  on: { path: ../on-repo, shared: true }\n  off: { path: ../off-repo, shared: false }\n');
  write(join(kb, 'guides/a.md'), '---\ntags: [a]\n---\n# A\n');
  write(join(root, 'on-repo/_project-knowledge/shared.md'), '---\ntags: [shared-on]\n---\n# On\n');
  write(join(root, 'off-repo/_project-knowledge/hidden.md'), '---\ntags: [leak-off]\n---\n# leak-off-heading\n');
  write(join(root, 'off-repo/_project-knowledge/cross/hidden.md'), '---\ntags: [leak-off-cross]\n---\n# leak-off-cross\n');
  const outside = indexKnowledgeFolder(kb);
  it('reads the shared project (paths start with ../)', () =>
    expect(outside.index.notes.map((n) => n.path)).toContain('../on-repo/_project-knowledge/shared.md'));
  it('never reads the other: not in any output, not even in the report', () => {
    expect(published(outside)).not.toMatch(/leak-off|off-repo\/_project/);
    expect(outside.report.some((e) => e.path.includes('off-repo'))).toBe(false);
  });
});
