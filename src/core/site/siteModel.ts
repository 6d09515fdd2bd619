// Isomorphic: what every page of the portal reads beside the index, derived once from it. The build (in the
// integration's process) and the pages (in Astro's bundle) both derive it from the same index.
import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { buildBacklinks } from '../links/buildBacklinks.js';
import { createLinkResolver, type LinkResolver, type NoteTarget } from '../links/createLinkResolver.js';
import type { GraphConfig } from '../graph/graphConfigSchema.js';
import type { BoardEntry } from '../boards/boardEntries.js';
import { allTags } from '../navigation/summariseIndex.js';
import { createSitePaths, type SitePaths } from './sitePaths.js';

type LinkTarget = Pick<NoteEntry, 'path' | 'slug' | 'title'>;

/** The portal's settings every page needs (resolved once by the integration). */
export interface SiteSettings {
  /** URL path the portal lives under: the site's base plus the portal's prefix, `/` or `/…/`. */
  root: string;
  /** Public origin from `site.url` or the integration's `site`, when configured. */
  siteUrl: string | undefined;
  /** The build's "today" (YYYY-MM-DD); the browser recomputes ages from its own clock. */
  today: string;
  /** Raw HTML in Markdown is kept as written instead of sanitised. */
  trustHtml: boolean;
  /** `site.editUrl`: each note's "Edit this note" link is its path resolved against it. Absent: no edit links. */
  editUrl?: string | undefined;
  /** Each note's "Last updated" day by note path (git history or frontmatter: lastUpdated.ts); undated notes absent. */
  updated?: Readonly<Record<string, string>> | undefined;
  /** Each note's Markdown is published as `/notes/<slug>.md` (kb.config.yaml `site.rawMarkdown`, default true). */
  rawMarkdown: boolean;
  /** kb.config.yaml `graph:` (the local graph's depth and tags, or no graph). Default: graphConfigSchema's. */
  graph?: GraphConfig | undefined;
  /** kb.config.yaml `site.noindex`: every page asks search engines not to list it, robots.txt disallows all. Default false. */
  noindex?: boolean | undefined;
  /** The preview image of pages without their own (kb.config.yaml `site.image`): a root-relative or https URL. */
  image?: string | undefined;
  /** The interface's language (BCP 47; kb.config.yaml `site.locale`). Default: the index's `locale`, else `en`. */
  locale?: string | undefined;
}

/** What links resolve against: published notes with their aliases, and publishable attachments. */
export interface LinkTargets {
  targets: NoteTarget[];
  files: string[];
  /** Canvases and bases with pages (their targets are among `targets`). Default: none. */
  boards?: BoardEntry[] | undefined;
}

export interface SiteModel extends SiteSettings {
  index: KbIndex;
  bySlug: ReadonlyMap<string, NoteEntry>;
  byPath: ReadonlyMap<string, NoteEntry>;
  paths: SitePaths;
  /** Every tag with a page (aliases excluded). */
  tags: string[];
  resolver: LinkResolver;
  /** A wikilink's target as seen from the note at `from` (Obsidian's rules, src/core/links/createLinkResolver.ts). */
  resolveWikilink: (target: string, from?: string) => LinkTarget | undefined;
  backlinks: ReadonlyMap<string, LinkTarget[]>;
  /** Canvases and bases with pages, by path. */
  boards: readonly BoardEntry[];
}

export function createSiteModel(index: KbIndex, settings: SiteSettings, links?: LinkTargets): SiteModel {
  const resolver = createLinkResolver({ notes: links?.targets ?? index.notes, files: links?.files ?? [] });
  const resolveWikilink = (target: string, from?: string) => resolver.note(target, from);
  const boards = links?.boards ?? [];
  let backlinks: SiteModel['backlinks'] | undefined;
  return {
    ...settings,
    index,
    bySlug: new Map(index.notes.map((n) => [n.slug, n])),
    byPath: new Map(index.notes.map((n) => [n.path, n])),
    paths: createSitePaths(settings.root),
    tags: allTags(index),
    resolver,
    resolveWikilink,
    // Every link resolved: made when first read (`kb dev`'s server shows a save before its machine outputs need them).
    get backlinks() {
      return (backlinks ??= buildBacklinks([...index.notes, ...boards.map((b) => ({ ...b, wikilinks: b.links }))], (target, from) =>
        resolver.note(target, from),
      ));
    },
    boards,
  };
}

/** A root-relative URL made absolute with the site's origin when one is configured (llms.txt, sitemap, feeds). */
export function absoluteUrl(siteUrl: string | undefined, path: string): string {
  return siteUrl ? `${siteUrl.replace(/\/+$/, '')}${path}` : path;
}
