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

/** `site.json` but the notes' render map (siteDataJson): known before the render jobs are made. */
export type PortalDataHead = Omit<PortalDataFile, 'notes'>;
/** The rest of `site.json`: the notes' render map. */
export type PortalDataRest = Pick<PortalDataFile, 'notes'>;

/**
 * `site.json`'s text from its two parts as JSON (each an object with fields): the head (PortalDataHead) and the rest
 * (PortalDataRest). The head is known first: `kb dev`'s page thread builds the next site model from it while the
 * server makes the render jobs (src/site/dev/devPages.ts).
 */
export function siteDataJson(head: string, rest: string): string {
  const fields = (json: string) => json.length > 2 && json.startsWith('{') && json.endsWith('}');
  if (!fields(head) || !fields(rest)) throw new Error('kb-portal: a part of site.json is not an object with fields (internal error)');
  return `${head.slice(0, -1)},${rest.slice(1)}`;
}
