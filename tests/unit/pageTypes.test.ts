// The page types (src/core/site/pageTypes.ts) against what reads them: every route has its page file, the
// integration injects exactly their routes, every page a type lists has a route of the type to render it and lies
// under the type's URL folder as sitePaths builds it, and the site's links are the types with a `nav`, one row each.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, pageRoutes, routePattern, sectionLinks, type PageType } from '../../src/core/site/pageTypes.ts';
import { PAGE_DIRS } from '../../src/core/site/pageDirs.ts';
import { sitePages } from '../../src/core/site/sitePages.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import en from '../../src/core/i18n/locales/en.ts';
import { portalRoutes } from '../../src/site/app/portalRoutes.ts';
import { fixture } from './foundationSupport.ts';
import { prepareFixture } from './preparedSite.ts';

const ROUTES_DIR = join(import.meta.dirname, '../../src/routes');
const TYPES: PageType[] = [...PAGE_TYPES];

/** An Astro route pattern as a regular expression over root-relative page URLs (trailing slash, encoded). */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      // A rest parameter may be empty (`folders/[...folder]` renders `/folders/`).
      if (/^\[\.\.\.[^\]]+\]$/.test(seg)) return '(?:/.+)?';
      const parts = seg
        .split(/(\[[^\]]+\])/)
        .map((part) => (part.startsWith('[...') ? '.+' : part.startsWith('[') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      return `/${parts.join('')}`;
    })
    .join('');
  return new RegExp(`^${body}/$`);
}

function routes(type: PageType): RegExp[] {
  return type.routes.map(([pattern]) => patternRegExp(routePattern(type, pattern)));
}

// Sites that hold every type's pages between them: projects, team-shared, categories, nested tags, canvases, bases.
const sites = await Promise.all(['aria-basic', 'obsidian-publish'].map((name) => prepareFixture(fixture(name))));

describe.each(TYPES.map((t) => [t.name, t] as const))('page type %s', (_, type) => {
  it.each(type.routes.map(([pattern, file]) => [routePattern(type, pattern), file]))('route %j has its page src/routes/%s', (_p, file) => {
    expect(existsSync(join(ROUTES_DIR, file))).toBe(true);
  });

  it('lists pages, each under its URL folder and rendered by one of its routes', () => {
    const patterns = routes(type);
    const pages = sites.flatMap((s) => type.pages(s.model));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page.startsWith(`/${type.dir}`), page).toBe(true);
      expect(
        patterns.some((r) => r.test(page)),
        page,
      ).toBe(true);
    }
  });

  it('is in the sitemap', () => {
    for (const s of sites) expect(sitePages(s.model)).toEqual(expect.arrayContaining([...type.pages(s.model)]));
  });

  it('links from the site links to a page of its own, when it has a link', () => {
    const paths = createSitePaths('/');
    const link = sectionLinks(paths, { projects: true, sharing: true, graph: true }).find(([key]) => key === type.name);
    expect(link && [link[1], routes(type).some((r) => r.test(link[2].replace(/\?.*$/, '')))]).toEqual(
      type.nav ? [en.messages[type.nav.label], true] : undefined,
    );
  });
});

describe('the page types as a whole', () => {
  it('take their URL folders from the one list sitePaths builds URLs in, and use each folder', () => {
    const folders: string[] = Object.values(PAGE_DIRS);
    for (const t of PAGE_TYPES) expect(folders, t.name).toContain(t.dir);
    expect(new Set(PAGE_TYPES.map((t) => t.dir))).toEqual(new Set(folders));
  });
  it('have unique names and unique route patterns', () => {
    expect(new Set(TYPES.map((t) => t.name)).size).toBe(TYPES.length);
    const patterns = pageRoutes().map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("claim every page file in src/routes/ (the 404 page is the integration's own)", () => {
    const files = readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.astro'));
    const declared = pageRoutes().map((r) => r.file);
    expect(files.filter((f) => f !== '404.astro').sort()).toEqual([...declared].sort());
  });

  it('are the routes the integration injects (and the 404 page only at the root)', () => {
    const files = (prefix: string) => portalRoutes(prefix).map((r) => [r.pattern, r.entrypoint.replace(/^.*\/src\/routes\//, '')]);
    const declared = pageRoutes().map((r) => [r.pattern, r.file]);
    expect(files('/kb/')).toEqual(declared.map(([p, f]) => [`/kb/${p}`.replace(/(.)\/$/, '$1'), f]));
    expect(files('/')).toEqual([...declared.map(([p, f]) => [`/${p}`.replace(/(.)\/$/, '$1'), f]), ['/404', '404.astro']]);
  });

  it.each<[string, { projects: boolean; sharing: boolean; graph: boolean }, string[]]>([
    ['everything', { projects: true, sharing: true, graph: true }, ['tags', 'projects', 'shared', 'categories', 'packs', 'query', 'health', 'graph']],
    ['no projects', { projects: false, sharing: true, graph: true }, ['tags', 'shared', 'categories', 'packs', 'query', 'health', 'graph']],
    ['no sharing', { projects: true, sharing: false, graph: true }, ['tags', 'projects', 'categories', 'packs', 'query', 'health', 'graph']],
    ['no graph', { projects: true, sharing: true, graph: false }, ['tags', 'projects', 'shared', 'categories', 'packs', 'query', 'health']],
  ])('site links with %s', (_, facts, keys) => {
    expect(sectionLinks(createSitePaths('/wiki/'), facts).map(([key]) => key)).toEqual(keys);
  });

  it('site links are labelled and go where sitePaths says', () => {
    expect(sectionLinks(createSitePaths('/wiki/'), { projects: true, sharing: true, graph: true })).toEqual([
      ['tags', 'Tags', '/wiki/tags/'],
      ['projects', 'Projects', '/wiki/projects/'],
      ['shared', 'Team-shared', '/wiki/shared/'],
      ['categories', 'Categories', '/wiki/categories/'],
      ['packs', 'Packs', '/wiki/packs/'],
      ['query', 'Query', '/wiki/query/'],
      ['health', 'Health', '/wiki/health/'],
      ['graph', 'Graph', '/wiki/graph/'],
    ]);
  });
});
