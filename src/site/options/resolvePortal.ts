import { createHash } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KbConfig } from '../../core/config/kbConfigSchema.js';
import { normaliseBase } from '../../core/site/sitePaths.js';
import type { KbPortalOptions } from './kbPortalOptions.js';

/** The integration's options resolved against the Astro project and kb.config.yaml: what every build stage reads. */
export interface PortalConfig {
  /** The knowledge folder, absolute. */
  kbDir: string;
  /** The site's base path (Astro's `base`), `/` or `/…/`. */
  base: string;
  /** The portal's prefix inside the base. */
  prefix: string;
  /** base + prefix: the URL path of the portal's home page. */
  root: string;
  siteUrl: string | undefined;
  /** Base URL of "Edit this note" links (the integration's `editUrl`, else kb.config.yaml `site.editUrl`). */
  editUrl: string | undefined;
  /** Publish each note's `.md` (kb.config.yaml `site.rawMarkdown`). */
  rawMarkdown: boolean;
  /** The site's language (BCP 47): the option, else kb.config.yaml `site.locale`, else `en`. */
  locale: string;
  /** Title override (the integration's `title`); kb.config.yaml's title otherwise. */
  title: string | undefined;
  today: string;
  strict: boolean;
  trustHtml: boolean;
  allowSecrets: boolean;
  verbose: boolean;
  full: boolean;
  searchShardPages: number | undefined;
  renderWorkers: number | undefined;
  /** How long one note may render (ms; 0: no deadline). */
  renderDeadlineMs: number;
  /** The build's caches, one folder per output folder, so two builds never share them. */
  cacheDir: string;
  /** Where pages read the prepared data (site.json, bodies.txt, packs.json). */
  dataDir: string;
  /** The note HTML cache. */
  htmlDir: string;
  /** A previous output to keep unchanged pages from (absolute). */
  reuseFrom: string | undefined;
}

export interface AstroSide {
  root: URL;
  outDir: URL;
  base: string;
  site: string | undefined;
}

/**
 * Base and site: when the portal is the whole site (prefix `/`), the integration's options, else kb.config.yaml,
 * unless the Astro config sets its own; mounted inside a host site (another prefix), the host's.
 */
export function resolvePortal(
  options: KbPortalOptions,
  astro: AstroSide,
  kb: { site: Pick<KbConfig['site'], 'base' | 'url' | 'editUrl'> & Partial<Pick<KbConfig['site'], 'rawMarkdown' | 'locale'>> },
  today: string,
): PortalConfig {
  const projectRoot = fileURLToPath(astro.root);
  const kbDir = isAbsolute(options.kb) ? options.kb : resolve(projectRoot, options.kb);
  const whole = options.prefix === '/';
  const base = normaliseBase(astro.base !== '/' || !whole ? astro.base : (options.base ?? kb.site.base));
  // A host base and a prefix meet at one slash (`/team/` + `/kb/` is `/team/kb/`).
  const root = normaliseBase(`${base}${options.prefix}`.replace(/\/{2,}/g, '/'));
  const reuseFrom = options.reuseFrom === undefined ? undefined : resolve(projectRoot, options.reuseFrom);
  const output = reuseFrom ?? fileURLToPath(astro.outDir);
  const cacheDir = join(resolve(projectRoot, options.cacheDir), createHash('sha256').update(output).digest('hex').slice(0, 12));
  return {
    kbDir,
    base,
    prefix: options.prefix,
    root,
    siteUrl: astro.site ?? (whole ? (options.site ?? kb.site.url) : options.site),
    editUrl: options.editUrl ?? kb.site.editUrl,
    rawMarkdown: kb.site.rawMarkdown ?? true,
    locale: options.locale ?? kb.site.locale ?? 'en',
    title: options.title,
    today: options.today ?? today,
    strict: options.strict,
    trustHtml: options.trustHtml,
    allowSecrets: options.allowSecrets,
    verbose: options.verbose,
    full: options.full,
    searchShardPages: options.searchShardPages,
    renderWorkers: options.renderWorkers,
    renderDeadlineMs: options.renderDeadlineMs,
    cacheDir,
    dataDir: join(cacheDir, 'site'),
    htmlDir: join(cacheDir, 'kb-note-html'),
    reuseFrom,
  };
}
