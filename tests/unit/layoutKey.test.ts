// A page is reused from the previous build only when its key is unchanged (src/runtime/changedRoutes.ts). The
// key of what every page shows beside its props is the layout's view taken whole (src/runtime/layoutView.ts), so the
// layout must read site-level data from that view only: a field it shows is then in the key by construction, and no
// page is reused stale after the field changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LayoutView } from '../../src/runtime/layoutView.ts';
import { pageFingerprint } from '../../src/runtime/pageFingerprint.ts';

const SRC = join(import.meta.dirname, '../../src');
const read = (path: string) => readFileSync(join(SRC, path), 'utf8');
/** The layout and every component it renders on every page. */
const LAYOUT = [
  'layouts/Base.astro',
  'components/SiteLinks.astro',
  'components/Sidebar.astro',
  'components/SearchBox.astro',
  'components/ThemeSelect.astro',
  'components/IslandStrings.astro',
];

describe('the layout’s reuse key is derived from what it reads', () => {
  it.each(LAYOUT)('%s reads site-level data only through layoutView.ts', (file) => {
    const text = read(file);
    expect(text).not.toMatch(/\bportalSite\s*\(/);
    expect(text).not.toMatch(/runtime\/portalSite/);
  });
  it('Base.astro renders only the components listed here (a new one must be checked too)', () => {
    const used = [...read('layouts/Base.astro').matchAll(/^import (\w+) from '\.\.\/components\/(\w+)\.astro';$/gm)].map((m) => `components/${m[2]}.astro`);
    expect(used.every((c) => LAYOUT.includes(c))).toBe(true);
  });
});

/** A layout's view with every field set (a field added to layoutView must be added here: the type says so). */
const VIEW: LayoutView = {
  locale: 'en',
  title: 'Team knowledge',
  description: 'What the team knows',
  root: '/wiki/',
  siteUrl: 'https://kb.example.com',
  noindex: false,
  image: undefined,
  sections: [],
  topBranch: [],
  trustHtml: false,
  rawMarkdown: false,
};
const print = (view: LayoutView) => pageFingerprint('salt', view, 'notes', { slug: 'a' }, { title: 'A' });
/** Another value of the same field, whatever its type. */
const other = (value: unknown): unknown =>
  typeof value === 'string'
    ? `${value}!`
    : typeof value === 'boolean'
      ? !value
      : Array.isArray(value)
        ? [...value, { x: 1 }]
        : value === undefined
          ? 'set'
          : { ...(value as object), x: 1 };

describe('a page’s fingerprint takes the whole view', () => {
  it('is the same for the same view', () => expect(print({ ...VIEW })).toBe(print(VIEW)));
  it.each(Object.keys(VIEW) as (keyof LayoutView)[])('changes when the view’s %s changes', (field) =>
    expect(print({ ...VIEW, [field]: other(VIEW[field]) } as LayoutView)).not.toBe(print(VIEW)),
  );
  it.each([
    ['the salt (the code and the options)', () => pageFingerprint('other salt', VIEW, 'notes', { slug: 'a' }, { title: 'A' })],
    ['the page kind', () => pageFingerprint('salt', VIEW, 'tags', { slug: 'a' }, { title: 'A' })],
    ['the params', () => pageFingerprint('salt', VIEW, 'notes', { slug: 'b' }, { title: 'A' })],
    ['the props', () => pageFingerprint('salt', VIEW, 'notes', { slug: 'a' }, { title: 'B' })],
  ])('changes with %s', (_what, fingerprint) => expect(fingerprint()).not.toBe(print(VIEW)));
});
