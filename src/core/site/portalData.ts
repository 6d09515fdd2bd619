// Isomorphic: the contract between the kbPortal integration, which indexes the knowledge folder once, and the
// portal's pages in Astro's bundle, which read what it prepared (src/runtime/portalSite.ts).
import type { KbIndex } from '../index/kbIndexSchema.js';
import type { NoteProperty } from '../properties/propertyTypes.js';
import type { LinkTargets, SiteSettings } from './siteModel.js';

/** Where pages find the prepared data; served by the virtual module `virtual:kb-portal/config`. */
export interface PortalRuntimeConfig {
  /** Folder of `site.json`, `bodies.txt`, `packs.json` and `health.json`. */
  dataDir: string;
  /** Bumped each time the data is prepared again (dev: on every change of the knowledge folder). */
  generation: number;
}

/** How one note's body renders on its page. */
export interface NoteRender {
  /** Markdown through our pipeline (HTML cached by `htmlKey`), or MDX compiled by Astro (a `.mdx` file that compiles). */
  as: 'md' | 'mdx';
  /** `md`: the cache key of its HTML. */
  htmlKey?: string | undefined;
  /** `md`: byte offset and length of its render job (JSON: the Markdown the page shows, its embeds, image sizes) in `bodies.txt`. */
  job?: readonly [number, number] | undefined;
}

/** Incremental pages: where a page kind records its routes and reads the last build's (src/runtime/changedRoutes.ts). */
export interface PagesManifestDirs {
  /** Hash of the site's code and options: part of every page's fingerprint. */
  salt: string;
  /** This build's manifests. */
  pending: string;
  /** The manifests of the build whose output `reuseFrom` holds, when it can be trusted. */
  previous: string | undefined;
}

/** `site.json`. */
export interface PortalDataFile {
  settings: SiteSettings;
  /** The portal's prefix inside the site's base, as a path in the output folder: `` or `kb/`. */
  prefix: string;
  index: KbIndex;
  /** By note path. */
  notes: Record<string, NoteRender>;
  /** What links resolve against: published notes with their aliases, publishable attachments. */
  links: LinkTargets;
  /** Each note's properties panel (its frontmatter, typed), by note path; notes without properties are absent. */
  properties: Record<string, NoteProperty[]>;
  /** Each note's preview image (`og:image`): a root-relative or https URL, by note path; absent: the site's image. */
  images: Record<string, string>;
  /** Folder of the note HTML cache (one `<htmlKey>.html` per note). */
  htmlDir: string;
  pages: PagesManifestDirs | undefined;
  /** Note pages per search shard, when the build sets it (the notes route renders its pages shard by shard). */
  searchShardPages?: number | undefined;
}

export const PORTAL_FILES = { site: 'site.json', bodies: 'bodies.txt', packs: 'packs.json', health: 'health.json' } as const;
