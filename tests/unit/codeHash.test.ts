// Caches keyed on the code that made them (src/node/cache/codeHash.ts): note HTML and pack data are never reused
// after the renderer, the sanitiser's allow-list, the ranker or one of their packages changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashModuleGraph, moduleGraph } from '../../src/node/cache/codeHash.ts';
import { noteHtmlKey } from '../../src/node/site/noteHtmlCache.ts';

const work = mkdtempSync(join(tmpdir(), 'kb-code-hash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An npm lockfile: the package the graph imports, its dependency, and a package nothing imports. */
function lock(versions: Partial<Record<'sanitiser' | 'dep' | 'other', string>>): string {
  const v = { sanitiser: '1.0.0', dep: '2.0.0', other: '3.0.0', ...versions };
  return JSON.stringify({
    lockfileVersion: 3,
    packages: {
      '': { name: 'x' },
      'node_modules/sanitiser': { version: v.sanitiser, dependencies: { dep: '^2' } },
      'node_modules/dep': { version: v.dep },
      'node_modules/other': { version: v.other },
    },
  });
}

/** A small module graph: entry.ts → ./allowList.js (on disk as .ts) → the package `sanitiser`. */
function graph(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  for (const [file, text] of Object.entries({
    'entry.ts': "import { allow } from './allowList.js';\nexport const render = () => allow;\n",
    'allowList.ts': "import sanitise from 'sanitiser';\nexport const allow = ['p', 'a'];\n",
    'unrelated.ts': 'export const x = 1;\n',
    'node_modules/sanitiser/package.json': '{"name":"sanitiser","version":"1.0.0"}',
    'package-lock.json': lock({}),
    ...files,
  })) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return hashModuleGraph([join(dir, 'entry.ts')], join(dir, 'package-lock.json'));
}

describe('hashModuleGraph', () => {
  const base = graph('base', {});
  it.each([
    ['the allow-list, a module the entry imports', { 'allowList.ts': "import sanitise from 'sanitiser';\nexport const allow = ['p'];\n" }],
    ['the entry itself', { 'entry.ts': "import { allow } from './allowList.js';\nexport const render = () => [...allow];\n" }],
    ['an upgraded package', { 'node_modules/sanitiser/package.json': '{"name":"sanitiser","version":"1.0.1"}' }],
    ['the lockfile: the package the graph imports', { 'package-lock.json': lock({ sanitiser: '1.0.1' }) }],
    ['the lockfile: a dependency of that package', { 'package-lock.json': lock({ dep: '2.0.1' }) }],
  ])('changes with %s', (name, change) => expect(graph(name.replace(/\W+/g, '-'), change)).not.toBe(base));
  it.each([
    ['a module outside the graph', { 'unrelated.ts': 'export const x = 2;\n' }],
    ['a package nothing in the graph depends on, in the lockfile', { 'package-lock.json': lock({ other: '3.0.1' }) }],
  ])('does not change with %s', (name, change) => expect(graph(name.replace(/\W+/g, '-'), change)).toBe(base));
  it('counts a lockfile it cannot read (not npm’s) whole', () => {
    const yarn = (text: string) => graph(`yarn-${text.length}`, { 'package-lock.json': text });
    expect(yarn('# yarn lockfile v1\nother@3: version "3.0.0"\n')).not.toBe(yarn('# yarn lockfile v1\nother@3: version "3.0.1"\n'));
  });
  it('is the same for the same code anywhere on disk', () => expect(graph('copy', {})).toBe(base));
});

describe('the renderer and ranker graphs cover what their output depends on', () => {
  const src = join(import.meta.dirname, '../../src');
  it('the note renderer: the allow-list, wikilinks, the link resolver, rehype-sanitize, markdown-it and shiki', () => {
    const labels = moduleGraph([join(src, 'node/site/noteRenderer.ts')]).map((m) => m.label);
    for (const file of ['markdown/allowList.ts', 'markdown/wikilinks.ts', 'links/createLinkResolver.ts'])
      expect(labels.some((l) => l.endsWith(file))).toBe(true);
    expect(labels).toEqual(expect.arrayContaining(['package:rehype-sanitize', 'package:markdown-it', 'package:markdown-it-footnote', 'package:shiki']));
  });
  it('the pack data: the ranker and the tokenizer', () => {
    const labels = moduleGraph([join(src, 'core/context/buildPackData.ts')]).map((m) => m.label);
    expect(labels.some((l) => l.endsWith('rank/searchIndex.ts'))).toBe(true);
    expect(labels).toContain('package:gpt-tokenizer');
  });
  it('a different code hash gives a different note HTML key, so older HTML is not reused', () => {
    const inputs = { base: '/', trustHtml: false, links: [], markdown: '<b>x</b>' };
    expect(noteHtmlKey({ ...inputs, version: graph('v1', {}) })).not.toBe(
      noteHtmlKey({ ...inputs, version: graph('v2', { 'allowList.ts': "import sanitise from 'sanitiser';\nexport const allow = ['b'];\n" }) }),
    );
  });
});
