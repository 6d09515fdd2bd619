// The content collection a host site reads (kb-portal/content): kbNotes()'s loader run as Astro's content layer
// runs it, over the notes of the site's kbPortal(): one entry a published note, its index fields as the index has
// them and its portal page's URL; the notes the build indexed when there are some, the folder indexed once more
// (`astro sync`, `astro check`) when not; a clear error when the folder or the integration is missing.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { noteEntrySchema, type NoteEntry } from '../../src/core/index/kbIndexSchema.ts';
import * as content from '../../src/integration/content.ts';
import { kbNoteSchema, kbNotes } from '../../src/integration/content.ts';
import kbPortal from '../../src/integration/index.ts';
import { PORTAL_NOTES_HOOK, portalNotes } from '../../src/integration/portalNotes.ts';
import { createPortalState } from '../../src/site/prepare/portalState.ts';
import { parseKbPortalOptions } from '../../src/site/options/kbPortalOptions.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { prepareFixture } from './preparedSite.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const work = () => mkdtempSync(join(tmpdir(), 'kb-notes-loader-'));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

/** kbPortal() through astro:config:setup as `astro sync` runs it (the folder is not indexed yet), under `base`. */
async function setUpPortal(kb: string, options: { prefix?: string; base?: string; root?: string } = {}): Promise<AstroIntegration> {
  const root = options.root ?? work();
  const integration = kbPortal({ kb, prefix: options.prefix ?? '/kb/', cacheDir: join(root, 'cache'), today: '2026-10-15' });
  const setup = integration.hooks['astro:config:setup']!;
  await setup({
    config: { root: new URL(`file://${root}/`), outDir: new URL(`file://${root}/dist/`), base: options.base ?? '/', site: undefined, integrations: [] },
    command: 'sync',
    updateConfig: () => undefined,
    injectRoute: () => undefined,
    logger: silent,
  } as unknown as Parameters<typeof setup>[0]);
  return integration;
}

/** The loader's load() over an in-memory store, with Astro's parseData (the collection's schema) and a digest. */
async function loadCollection(integrations: AstroIntegration[], options: Parameters<typeof kbNotes>[0] = {}, root = '/') {
  const collection = kbNotes(options);
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest?: string | number }>();
  const context = {
    collection: 'kb',
    config: { integrations, root: new URL(`file://${root}`) },
    store: {
      set: (entry: { id: string; data: Record<string, unknown>; digest?: string }) => (entries.set(entry.id, entry), true),
      keys: () => [...entries.keys()],
      delete: (id: string) => entries.delete(id),
    },
    parseData: async ({ data }: { data: Record<string, unknown> }) => kbNoteSchema.parse(data),
    generateDigest: (data: unknown) => JSON.stringify(data),
    logger: silent,
  } as unknown as LoaderContext;
  const loader = 'loader' in collection ? collection.loader : undefined;
  if (typeof loader !== 'object' || !('load' in loader)) throw new Error('kbNotes() has no content-layer loader');
  await loader.load(context);
  return [...entries.values()];
}

const withUrls = (notes: readonly NoteEntry[], root: string) => notes.map((n) => ({ id: n.slug, data: { ...n, url: `${root}notes/${n.slug}/` } }));

describe('kbNotes(): the notes of the site’s kbPortal() as a content collection', () => {
  describe.each([
    ['site-basic under /kb/', 'site-basic', { prefix: '/kb/' }, '/kb/'],
    ['site-basic as the whole of a site whose base is /team/', 'site-basic', { prefix: '/', base: '/team/' }, '/team/'],
    ['an aria folder at the site root', 'aria-basic', { prefix: '/' }, '/'],
  ])('%s', (_name, fixture, options, root) => {
    it('has one entry a note of the index, its fields as the index has them and its page’s URL', async () => {
      const kb = join(FIXTURES, fixture);
      const entries = await loadCollection([await setUpPortal(kb, options)]);
      expect(entries.map(({ id, data }) => ({ id, data }))).toEqual(withUrls(indexKnowledgeFolder(kb).index.notes, root));
      for (const { data } of entries) {
        expect(kbNoteSchema.safeParse(data).success).toBe(true);
        const { url, ...note } = data;
        expect(url).toMatch(new RegExp(`^${root}notes/`));
        expect(noteEntrySchema.strict().safeParse(note).success).toBe(true);
        expect(data).not.toHaveProperty('body');
      }
    });
  });

  it('reads the notes the build indexed, not the folder again', async () => {
    const prepared = await prepareFixture(join(FIXTURES, 'site-basic'));
    const state = createPortalState(parseKbPortalOptions({ kb: prepared.config.kbDir }));
    state.config = { ...prepared.config, kbDir: join(work(), 'gone') }; // indexing it again would fail
    state.site = prepared;
    const portal = { name: 'kb-portal', hooks: { [PORTAL_NOTES_HOOK]: () => portalNotes(state) } };
    const entries = await loadCollection([portal]);
    expect(entries.map((e) => e.id)).toEqual(prepared.model.index.notes.map((n) => n.slug));
  });

  it('drops the entries of notes that are gone when it loads again', async () => {
    const prepared = await prepareFixture(join(FIXTURES, 'site-basic'));
    const state = createPortalState(parseKbPortalOptions({ kb: prepared.config.kbDir }));
    state.config = prepared.config;
    state.site = prepared;
    const portal = { name: 'kb-portal', hooks: { [PORTAL_NOTES_HOOK]: () => portalNotes(state) } };
    const first = await loadCollection([portal]);
    const [kept] = prepared.model.index.notes;
    state.site = { ...prepared, model: { ...prepared.model, index: { ...prepared.model.index, notes: [kept!] } } };
    expect(first.length).toBeGreaterThan(1);
    expect((await loadCollection([portal])).map((e) => e.id)).toEqual([kept!.slug]);
  });

  it('picks the portal by its folder when the site has two', async () => {
    const root = work();
    const basic = await setUpPortal(join(FIXTURES, 'site-basic'), { root, prefix: '/kb/' });
    const aria = await setUpPortal(join(FIXTURES, 'aria-basic'), { root, prefix: '/aria/' });
    const entries = await loadCollection([basic, aria], { kb: join(FIXTURES, 'aria-basic') }, `${root}/`);
    expect(entries.map((e) => e.id)).toEqual(indexKnowledgeFolder(join(FIXTURES, 'aria-basic')).index.notes.map((n) => n.slug));
    await expect(loadCollection([basic, aria])).rejects.toThrow(/2 kbPortal\(\) integrations — pass kbNotes\(\{ kb \}\)/);
    await expect(loadCollection([basic, aria], { kb: './elsewhere' }, `${root}/`)).rejects.toThrow(/no kbPortal\(\) integration indexes .*elsewhere/);
  });

  it.each([
    ['a folder that is not there', () => join(work(), 'missing'), /no knowledge folder at .*missing/],
    ['a folder without notes', () => work(), /no notes found in /],
  ])('reports %s, naming the folder', async (_name, folder, message) => {
    const kb = folder();
    await expect(loadCollection([await setUpPortal(kb)])).rejects.toThrow(message);
  });

  it('says to add kbPortal() when the site has none', async () => {
    await expect(loadCollection([{ name: 'other', hooks: {} }])).rejects.toThrow(/no kbPortal\(\) integration — add kbPortal\(/);
  });
});

describe('kb-portal/content, the entry a host’s content.config.ts imports', () => {
  it('exports the collection, its loader and its schema', () => {
    expect(Object.keys(content).sort()).toEqual(['kbNoteSchema', 'kbNotes', 'kbNotesLoader']);
  });

  it('is in the package’s exports map: types from src/, code from lib/ (what scripts/compile.mjs writes)', () => {
    const root = resolve(import.meta.dirname, '../..');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(pkg.exports['./content']).toEqual({ types: './src/integration/content.ts', default: './lib/integration/content.js' });
    expect(existsSync(join(root, pkg.exports['./content']!.types))).toBe(true);
  });
});
