// A dynamic page's props, looked up by its params: the page declares its route's items once (pageTypes.ts,
// routeItems.ts) and its props here. Whoever renders the page finds them the same way: Astro's static build in a host
// site, whose getStaticPaths lists the params (`staticPaths`), or the compiled site's App in `kb build` and `kb dev`
// (src/site/render/), which sends nothing but the URL.
import { PAGE_TYPES, routePattern, type PageSection, type PageType } from '../core/site/pageTypes.ts';
import { paramsKey, routePath, type RouteItems, type RouteParams } from '../core/site/routeItems.ts';
import { changedRoutes } from './changedRoutes.ts';
import { portalSite, type PortalSite } from './portalSite.ts';

export type { RouteParams };

/** One page of a dynamic route: its params, its props and its URL path inside the portal (`notes/a/`). */
export interface PageRoute<P> {
  params: RouteParams;
  props: P;
  path: string;
}

export interface RouteTableSpec<I, P> {
  /** Its page file, as pageTypes.ts names it (`notes/[...slug].astro`). */
  file: string;
  /** Its items (routeItems.ts). */
  items: RouteItems<I>;
  props: (item: I, site: PortalSite) => P;
  /** Its pages are kept from the previous build when their fingerprint is unchanged (changedRoutes.ts). Default true. */
  incremental?: boolean;
}

export interface RouteTable<P> {
  readonly kind: PageSection;
  readonly pattern: string;
  readonly incremental: boolean;
  /** The props of the page at these params (Astro.params), or undefined when there is no such page. */
  props(params: RouteParams): P | undefined;
  /** Every page of the route with its props. */
  routes(): PageRoute<P>[];
  /** getStaticPaths for Astro's static build: the params of every page to render (unchanged ones left out). */
  staticPaths(): { params: RouteParams }[];
}

/** The page type and pattern of a page file. */
function routeOf(file: string): { kind: PageSection; pattern: string } {
  for (const type of PAGE_TYPES as readonly PageType[])
    for (const [pattern, f] of type.routes) if (f === file) return { kind: type.name as PageSection, pattern: routePattern(type, pattern) };
  throw new Error(`${file} is not a route of PAGE_TYPES (src/core/site/pageTypes.ts)`);
}

export function routeTable<I, P>(spec: RouteTableSpec<I, P>): RouteTable<P> {
  const { kind, pattern } = routeOf(spec.file);
  let memo: { site: PortalSite; byKey: Map<string, I>; items: readonly I[] } | undefined;
  const current = () => {
    const site = portalSite();
    if (memo?.site !== site) {
      const items = spec.items.items(site);
      memo = { site, items, byKey: new Map(items.map((item) => [paramsKey(spec.items.params(item)), item])) };
    }
    return memo;
  };
  const routes = (): PageRoute<P>[] => {
    const { site, items } = current();
    return items.map((item) => {
      const params = spec.items.params(item);
      return { params, props: spec.props(item, site), path: routePath(pattern, params) };
    });
  };
  const incremental = spec.incremental !== false;
  return {
    kind,
    pattern,
    incremental,
    props(params) {
      const { site, byKey } = current();
      const item = byKey.get(paramsKey(params));
      return item === undefined ? undefined : spec.props(item, site);
    },
    routes,
    staticPaths: () => (incremental ? changedRoutes(kind, routes(), (r) => r.path.replace(/\/$/, '')) : routes()).map(({ params }) => ({ params })),
  };
}
