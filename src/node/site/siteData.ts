import { join, resolve } from 'node:path';
import type { KbIndex, NoteEntry } from '../../core/index/kbIndexSchema.js';
import { formatIssue, type KbIssue } from '../../core/util/issue.js';
import { compareStrings } from '../../core/util/compare.js';
import { allTags } from '../../core/site/summariseIndex.js';
import { createSitePaths, normaliseBase, type SitePaths } from '../../core/site/sitePaths.js';
import { buildBacklinks } from '../../core/links/buildBacklinks.js';
import { brokenLinkIssue, type BrokenLink } from '../../core/links/findBrokenLinks.js';
import type { ImageSize } from '../../markdown/renderContext.js';
import { planAttachments, type AttachmentCopy } from './noteAttachments.js';
import { folderBrokenLinks, siteLinks, type SiteLinks } from './siteLinks.js';
import { indexKnowledgeFolder, type IndexedFolder } from '../indexKnowledgeFolder.js';
import { ConfigError } from '../loadKbConfig.js';

type LinkTarget = Pick<NoteEntry, 'path' | 'slug' | 'title'>;

/** Everything the site's pages, endpoints and Markdown plugins read, computed once per build. */
export interface SiteData {
  kbDir: string;
  /** The build's "today" (KB_TODAY, else the clock, UTC); the browser recomputes ages from its own clock. */
  today: string;
  /** `site.base` normalised to `/…/`. */
  base: string;
  /** Public origin from `site.url`, when configured. */
  siteUrl: string | undefined;
  /** KB_TRUST_HTML=1: raw HTML in Markdown is kept as written instead of sanitised. */
  trustHtml: boolean;
  result: IndexedFolder;
  index: KbIndex;
  bodies: ReadonlyMap<string, string>;
  bySlug: ReadonlyMap<string, NoteEntry>;
  byPath: ReadonlyMap<string, NoteEntry>;
  paths: SitePaths;
  /** Every tag with a page (aliases excluded). */
  tags: string[];
  resolveWikilink: (target: string) => LinkTarget | undefined;
  backlinks: ReadonlyMap<string, LinkTarget[]>;
  /** What links resolve against (notes with aliases, attachments), src/node/site/siteLinks.ts. */
  links: SiteLinks;
  /** Attachments published notes use: what to copy into the output (src/node/site/noteAttachments.ts). */
  attachments: AttachmentCopy[];
  attachmentSizes: ReadonlyMap<string, ImageSize>;
  /** Links of published notes that lead nowhere (`kb check` lists them; `--strict` stops on them). */
  brokenLinks: BrokenLink[];
}

/** Problems that must stop the build (errors, or warnings under --strict); each line names file and line. */
export class SiteBuildError extends Error {
  constructor(readonly lines: string[]) {
    super(`The knowledge folder has problems that stop the build:\n${lines.join('\n')}`);
    this.name = 'SiteBuildError';
  }
}

// The content loader, the Markdown plugins and the endpoints run in one process but may load this module
// through different bundles, so the memo lives on globalThis: the folder is indexed once per build.
const MEMO = Symbol.for('kb-portal.siteData');
type Memo = { key: string; data: SiteData };
const store = globalThis as unknown as Record<symbol, Memo | undefined>;

/** The site's data for KB_DIR (default `content/`), indexed once per process. Throws SiteBuildError. */
export function getSiteData(env: NodeJS.ProcessEnv = process.env): SiteData {
  const kbDir = resolve(env.KB_DIR ?? 'content');
  const key = [kbDir, env.KB_SITE_BASE ?? '', env.KB_STRICT ?? '', env.KB_TODAY ?? '', env.KB_TRUST_HTML ?? ''].join('\0');
  const memo = store[MEMO];
  if (memo?.key === key) return memo.data;
  const data = computeSiteData(kbDir, env);
  store[MEMO] = { key, data };
  return data;
}

function computeSiteData(kbDir: string, env: NodeJS.ProcessEnv): SiteData {
  let result: IndexedFolder;
  try {
    // The per-file index cache lives beside the build's other caches (one per output folder), when there is one.
    result = indexKnowledgeFolder(kbDir, env.KB_CACHE_DIR ? { cacheDir: join(env.KB_CACHE_DIR, 'index') } : {});
  } catch (err) {
    if (err instanceof ConfigError) throw new SiteBuildError(err.lines);
    throw err;
  }
  const strict = env.KB_STRICT === '1' || env.KB_STRICT === 'true';
  const blocking = result.issues.filter((i: KbIssue) => i.severity === 'error' || strict);
  if (blocking.length) throw new SiteBuildError(blocking.map((i) => (strict && i.severity === 'warning' ? `${formatIssue(i)} (--strict)` : formatIssue(i))));

  const { index, bodies } = result;
  const config = result.reading.config;
  const base = normaliseBase(env.KB_SITE_BASE ?? config.site.base);
  const links = siteLinks(result);
  const brokenLinks = folderBrokenLinks(result, links, false); // counted here; `kb check` suggests the closest notes
  if (strict && brokenLinks.length) throw new SiteBuildError(brokenLinks.map((b) => `${formatIssue(brokenLinkIssue(b))} (--strict)`));
  const resolveWikilink = (target: string) => links.resolver.note(target);
  const attachments = planAttachments({ kbDir, bodies, notes: index.notes, resolver: links.resolver });
  const bySlug = new Map(index.notes.map((n) => [n.slug, n]));
  return {
    kbDir,
    today: env.KB_TODAY ?? new Date().toISOString().slice(0, 10),
    base,
    siteUrl: config.site.url,
    trustHtml: env.KB_TRUST_HTML === '1' || env.KB_TRUST_HTML === 'true',
    result,
    index,
    bodies,
    bySlug,
    byPath: new Map(index.notes.map((n) => [n.path, n])),
    paths: createSitePaths(base),
    tags: allTags(index),
    resolveWikilink,
    backlinks: buildBacklinks(index.notes, (target, from) => links.resolver.note(target, from)),
    links,
    attachments,
    attachmentSizes: new Map(attachments.flatMap((a) => (a.size ? [[a.path, a.size] as const] : []))),
    brokenLinks,
  };
}

/** The build's summary lines: counts from the report, then every warning with file and line. */
export function describeBuild(data: SiteData): string[] {
  const c = data.result.counts;
  const rules = Object.entries(c.excludedByRule)
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  return [
    `kb: ${data.kbDir}`,
    `kb: notes found ${c.filesSeen}, indexed ${c.indexed + c.warned}, warned ${c.warned}, ideas ${c.ideas}, unpublished ${c.unpublished}, excluded ${c.excluded}${rules ? ` (${rules})` : ''}`,
    ...data.result.issues.map((i) => `kb: ${formatIssue(i)}`),
    ...(data.brokenLinks.length
      ? [
          `kb: ${data.brokenLinks.length} broken link${data.brokenLinks.length === 1 ? '' : 's'} (links to no note or file); \`kb check --kb ${data.kbDir}\` lists them, --strict fails on them`,
        ]
      : []),
  ];
}
