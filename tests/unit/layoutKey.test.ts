// A page is reused from the previous build only when its key is unchanged (src/runtime/changedRoutes.ts). The
// key of what every page shows beside its props is the layout's view taken whole (src/runtime/layoutView.ts), so the
// layout must read site-level data from that view only: a field it shows is then in the key by construction, and no
// page is reused stale after the field changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
  it('the key is the whole view, not a list of its fields', () => {
    const text = read('runtime/pageFingerprint.ts');
    expect(text).toContain('JSON.stringify([salt, layout])');
    expect(text).not.toMatch(/site\.index\.title|site\.noindex|site\.image/);
  });
});
