// The index model (issue 2): config sources, ideas, artifacts, determinism, the versioned JSON.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKbIndex } from '../../src/core/index/kbIndexSchema.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { ConfigError, loadKbConfig } from '../../src/node/loadKbConfig.js';
import { OUTPUT_FILES, serialiseIndex, writeIndexOutputs } from '../../src/node/writeIndexOutputs.js';
import { copyFixture, fixture, tempDir } from './foundationSupport.js';

describe('ideas (intake/ideas/*.md)', () => {
  const ideas = indexKnowledgeFolder(fixture('aria-basic')).index.ideas;
  const idea = (name: string) => ideas.find((i) => i.path === `intake/ideas/${name}`);
  it.each([
    ['date from frontmatter', 'export-csv.md', { date: '2026-02-20', type: 'feature', projects: ['pay', 'mobile'], description: 'Export refunds as CSV' }],
    ['date from the file name prefix', '2026-01-15-dark-mode.md', { date: '2026-01-15', projects: ['mobile'], description: 'Dark mode for the app' }],
    ['no date anywhere: none, type idea, first line as description', 'undated.md', { type: 'idea', description: 'An idea with no date anywhere.' }],
  ])('%s', (_rule, name, expected) => expect(idea(name)).toMatchObject(expected));
  it('an undated idea has no date field at all', () => expect(idea('undated.md')).not.toHaveProperty('date'));
  it('intake/ideas/README.md is not an idea', () => expect(idea('README.md')).toBeUndefined());
});

describe('tracked artifacts (CODEMAP.md, STITCH.md): existence and mtime', () => {
  const dir = copyFixture('aria-basic');
  utimesSync(join(dir, 'repos/pay-api/CODEMAP.md'), new Date('2026-03-01T12:00:00Z'), new Date('2026-03-01T12:00:00Z'));
  utimesSync(join(dir, 'repos/mobile-app/STITCH.md'), new Date('2026-02-10T08:00:00Z'), new Date('2026-02-10T08:00:00Z'));
  const artifacts = indexKnowledgeFolder(dir).index.artifacts;
  it.each([
    ['CODEMAP at a project root', { project: 'pay', kind: 'CODEMAP', path: 'repos/pay-api/CODEMAP.md', exists: true, mtime: '2026-03-01' }],
    ['a missing CODEMAP is tracked as missing', { project: 'mobile', kind: 'CODEMAP', path: 'repos/mobile-app/CODEMAP.md', exists: false }],
    ['STITCH at the configured stitch path', { project: 'mobile', kind: 'STITCH', path: 'repos/mobile-app/STITCH.md', exists: true, mtime: '2026-02-10' }],
  ])('%s', (_rule, expected) => expect(artifacts).toContainEqual(expected));
  it('a project without a path has no artifacts', () => expect(artifacts.some((a) => a.project === 'ops')).toBe(false));
  it('STITCH.md at a project root is found without a stitch path', () =>
    expect(indexKnowledgeFolder(fixture('aria-config')).index.artifacts).toContainEqual(
      expect.objectContaining({ project: 'web', kind: 'STITCH', exists: true }),
    ));
});

describe('aria config (aria-knowledge.local.md) and index.md ## Projects', () => {
  const index = indexKnowledgeFolder(fixture('aria-config')).index;
  it('projects_list gives the projects and their roots; projects_shared_knowledge the sharing', () =>
    expect(index.projects.map((p) => [p.key, p.root, p.shared])).toEqual([
      ['api', 'repos/api', true],
      ['web', 'repos/web', false],
    ]));
  it('index.md ## Projects gives names and relevant tags', () =>
    expect(index.projects.map((p) => [p.name, p.tags])).toEqual([
      ['Public API', ['rest']],
      ['Web Frontend', ['css', 'react']],
    ]));
  it('index.md ## Known Tags gives the vocabulary and its aliases', () => {
    expect(index.knownTags).toContainEqual({ tag: 'rest', aliases: ['http-api'] });
    expect(index.aliases).toEqual({ 'http-api': 'rest' });
  });
  it('KT_*_STALENESS_DAYS (both `=` and `:` forms) set the thresholds', () => expect(index.staleness).toEqual({ ideas: 3, codemap: 10, stitch: 30 }));
  it('a shared project is read, a project without sharing is not', () => {
    expect(index.notes.map((n) => n.path)).toContain('repos/api/_project-knowledge/auth-gotcha.md');
    expect(JSON.stringify(index)).not.toContain('secret-roadmap');
  });
});

describe('kb.config.yaml validation: errors name the key and its line', () => {
  const root = tempDir();
  const withConfig = (name: string, yaml: string) => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'kb.config.yaml'), yaml);
    return dir;
  };
  it.each([
    ['an unknown top-level key', 'title: x\ntitel: x\n', "kb.config.yaml:2: (root): Unrecognized key(s) in object: 'titel'"],
    ['a wrong type', 'projects:\n  pay:\n    shared: yes please\n', 'kb.config.yaml:3: projects.pay.shared: Expected boolean, received string'],
    ['a bad staleness', 'staleness:\n  ideas: -1\n', 'kb.config.yaml:2: staleness.ideas: Number must be greater than or equal to 0'],
    ['a bad site url', 'site:\n  url: not a url\n', 'kb.config.yaml:2: site.url: Invalid url'],
    ['a pack without a task', 'packs:\n  - project: pay\n', 'kb.config.yaml:2: packs.0.task: Required'],
    [
      'a locale that is not a language tag',
      'title: x\nsite:\n  base: /\n  locale: en_GB\n',
      'kb.config.yaml:4: site.locale: "en_GB" is not a BCP 47 language tag',
    ],
    ['YAML that does not parse names the line', 'title: x\nprojects: [\n', 'kb.config.yaml:3: not valid YAML'],
    ['a list instead of a mapping', '- a\n', 'kb.config.yaml: must be a mapping'],
  ])('%s', (name, yaml, message) => {
    const dir = withConfig(name.replace(/\W+/g, '-'), yaml);
    expect(() => loadKbConfig(dir)).toThrow(ConfigError);
    expect(() => loadKbConfig(dir)).toThrow(message);
  });
  it.each([
    ['de', 'de'],
    ['zh-cn', 'zh-CN'],
    ['PT-br', 'pt-BR'],
    ['ja-JP', 'ja-JP'],
  ])('site.locale %j is normalised to %j', (written, normalised) => {
    expect(loadKbConfig(withConfig(`locale-${written}`, `site:\n  locale: ${written}\n`)).site.locale).toBe(normalised);
  });
  it('defaults every key', () => {
    const config = loadKbConfig(withConfig('empty', ''));
    expect(config).toMatchObject({
      title: 'Knowledge base',
      site: { base: '/', locale: 'en' },
      staleness: { ideas: 7, codemap: 14, stitch: 30 },
      projects: {},
      packs: [],
    });
  });
});

describe('determinism and the versioned JSON', () => {
  it.each(['aria-basic', 'aria-config', 'flat-vault'])('%s: two runs give byte-identical outputs', (name) => {
    const [a, b] = [tempDir(), tempDir()];
    writeIndexOutputs(a, indexKnowledgeFolder(fixture(name)).index);
    writeIndexOutputs(b, indexKnowledgeFolder(fixture(name)).index);
    for (const file of Object.values(OUTPUT_FILES)) expect(readFileSync(join(a, file), 'utf8')).toBe(readFileSync(join(b, file), 'utf8'));
  });
  it('kb-index.json loads back through the schema unchanged', () => {
    const index = indexKnowledgeFolder(fixture('aria-basic')).index;
    expect(loadKbIndex(JSON.parse(serialiseIndex(index)))).toEqual(index);
  });
  it('refuses another version with a message saying how to fix it', () => {
    const index = indexKnowledgeFolder(fixture('flat-vault')).index;
    expect(() => loadKbIndex({ ...index, version: 99 })).toThrow(/rebuild it with `kb index`/);
  });
  it('kb-tags.txt and kb-categories.txt: one lower-cased value a line, sorted, unique (seed 003)', () => {
    const dir = tempDir();
    writeIndexOutputs(dir, indexKnowledgeFolder(fixture('flat-vault')).index);
    expect(readFileSync(join(dir, OUTPUT_FILES.tags), 'utf8')).toBe('database\njournal\nperformance\nretries\n');
    expect(readFileSync(join(dir, OUTPUT_FILES.categories), 'utf8')).toBe('performance-issues\nruntime-errors\n');
  });
  it('notes are sorted by path and slugs are unique', () => {
    const notes = indexKnowledgeFolder(fixture('aria-basic')).index.notes;
    expect(notes.map((n) => n.path)).toEqual(notes.map((n) => n.path).sort());
    expect(new Set(notes.map((n) => n.slug)).size).toBe(notes.length);
  });
});
