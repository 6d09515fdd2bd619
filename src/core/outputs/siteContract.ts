// Isomorphic: the one list of the files a built portal publishes for its browser islands and for `kb mcp --site`,
// with the schema each JSON file is read with. The writer (src/site/emit/siteFiles.ts and boardFiles.ts) names its
// files from here, and the readers (src/islands/, src/mcp/siteSource.ts) fetch and validate them from here, so a
// renamed or reshaped file is one change, and a reader of a stale site says which file is wrong.
import type { z } from 'zod';
import { noteShardSchema, packHeadSchema, termShardSchema } from '../context/packPartsSchema.js';
import { kbIndexSchema } from '../index/kbIndexSchema.js';
import { PAGEFIND_SHARD_LIST, pagefindBundleName } from '../searchPages/pagefindShardList.js';
import { SIDEBAR_FRAGMENT } from '../navigation/sidebarTree.js';
import {
  bodySpansSchema,
  globalGraphFileSchema,
  noteCardsSchema,
  pagefindShardListSchema,
  queryIndexFileSchema,
  repoDigestsSchema,
  tokenRanksSchema,
} from './siteFileSchemas.js';

interface SiteFileSpec {
  /**
   * Where the file is, relative to the portal's root (its base path). A sharded name holds one `<…>` placeholder
   * (`kb-notes/<shard>.json`) that siteFilePath fills.
   */
  path: string;
  /** The JSON file's schema; none for a text file (Markdown, HTML). */
  schema?: z.ZodType<unknown, z.ZodTypeDef, unknown>;
  /** The module that writes it. */
  writer: string;
  /** The modules that read it. */
  readers: readonly string[];
}

/** The folder of the pack data's parts (packParts.ts `PACK_FILES` names them inside it). */
export const PACK_DATA_DIR = 'kb-pack/';

export const SITE_FILES = {
  index: { path: 'kb-index.json', schema: kbIndexSchema, writer: 'siteFiles.ts', readers: ['kbQuery.ts', 'kbQueryBlock.ts', 'siteSource.ts'] },
  queryIndex: { path: 'kb-query-index.json', schema: queryIndexFileSchema, writer: 'siteFiles.ts', readers: ['kbQuery.ts'] },
  noteCards: { path: 'kb-notes/<shard>.json', schema: noteCardsSchema, writer: 'siteFiles.ts', readers: ['kbQuery.ts'] },
  bodySpans: { path: 'kb-body-spans.json', schema: bodySpansSchema, writer: 'siteFiles.ts', readers: ['kbQuery.ts', 'kbQueryBlock.ts', 'siteSource.ts'] },
  digests: { path: 'kb-digests.json', schema: repoDigestsSchema, writer: 'siteFiles.ts', readers: ['browserPack.ts', 'siteSource.ts'] },
  packHead: { path: `${PACK_DATA_DIR}head.json`, schema: packHeadSchema, writer: 'siteFiles.ts', readers: ['packLoader.ts', 'browserPack.ts'] },
  packTerms: { path: `${PACK_DATA_DIR}t/<shard>.json`, schema: termShardSchema, writer: 'siteFiles.ts', readers: ['packLoader.ts'] },
  packNotes: { path: `${PACK_DATA_DIR}n/<shard>.json`, schema: noteShardSchema, writer: 'siteFiles.ts', readers: ['packLoader.ts'] },
  tokenRanks: { path: `${PACK_DATA_DIR}o200k_base.json`, schema: tokenRanksSchema, writer: 'siteFiles.ts', readers: ['browserPack.ts'] },
  graph: { path: 'kb-graph.json', schema: globalGraphFileSchema, writer: 'boardFiles.ts', readers: ['kbGraph.ts (checkGlobalGraphFile.ts, without zod)'] },
  /** Written after Pagefind has indexed the pages, so the site files (siteFiles.ts) do not include it. */
  pagefindShards: {
    path: `${pagefindBundleName(0)}/${PAGEFIND_SHARD_LIST}`,
    schema: pagefindShardListSchema,
    writer: 'pagefindShards.ts',
    readers: ['loadPagefindShards.ts for kbSearch.ts and kbSearchBox.ts (pagefindShardList.ts, without zod)'],
  },
  /** Each configured pack as JSON, for download from its page; read by no module of the portal. */
  packJson: { path: 'packs/<slug>.json', writer: 'siteFiles.ts', readers: [] },
  indexMd: { path: 'index.md', writer: 'siteFiles.ts', readers: ['siteSource.ts'] },
  noteMd: { path: 'notes/<slug>.md', writer: 'siteFiles.ts', readers: ['siteSource.ts'] },
  packMd: { path: 'packs/<slug>.md', writer: 'siteFiles.ts', readers: ['siteSource.ts'] },
  sidebar: { path: SIDEBAR_FRAGMENT, writer: 'siteFiles.ts', readers: ['kbSidebar.ts'] },
} as const satisfies Record<string, SiteFileSpec>;

export type SiteFileKey = keyof typeof SITE_FILES;
/** The files read as JSON, each with its schema. */
export type SiteJsonKey = { [K in SiteFileKey]: (typeof SITE_FILES)[K] extends { schema: z.ZodTypeAny } ? K : never }[SiteFileKey];
/** What a JSON file holds once validated. */
export type SiteFileValue<K extends SiteJsonKey> = z.output<(typeof SITE_FILES)[K]['schema']>;

const PLACEHOLDER = /<[a-z]+>/;

/** A file's path relative to the portal's root; `arg` fills a sharded name's placeholder (a shard number, a slug). */
export function siteFilePath(key: SiteFileKey, arg?: string | number): string {
  const { path } = SITE_FILES[key];
  if (!PLACEHOLDER.test(path)) return path;
  if (arg === undefined) throw new Error(`${path} needs its ${PLACEHOLDER.exec(path)![0]}`);
  return path.replace(PLACEHOLDER, String(arg));
}

/** A file's URL on the site: `paths` is the site's createSitePaths (base path included). */
export function siteFileUrl(paths: { file(name: string): string }, key: SiteFileKey, arg?: string | number): string {
  return paths.file(siteFilePath(key, arg));
}

/** The contract's entry for a published path (`kb-notes/3.json` → noteCards), or undefined for a file it does not list. */
export function siteFileKeyOf(path: string): SiteFileKey | undefined {
  return (Object.keys(SITE_FILES) as SiteFileKey[]).find((key) => {
    const [head, tail] = SITE_FILES[key].path.split(PLACEHOLDER) as [string, string | undefined];
    if (tail === undefined) return path === head;
    return path.length > head.length + tail.length && path.startsWith(head) && path.endsWith(tail);
  });
}

/**
 * A fetched JSON file, validated with its schema. `arg` names the shard in the error. Throws naming the file and
 * the first thing wrong, so a reader of a site built by another version of kb-portal says which file to rebuild.
 */
export function parseSiteFile<K extends SiteJsonKey>(key: K, json: unknown, arg?: string | number): SiteFileValue<K> {
  const schema: z.ZodType<unknown, z.ZodTypeDef, unknown> = SITE_FILES[key].schema;
  const result = schema.safeParse(json);
  if (result.success) return result.data as SiteFileValue<K>;
  const file = arg === undefined && PLACEHOLDER.test(SITE_FILES[key].path) ? SITE_FILES[key].path : siteFilePath(key, arg);
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new Error(`${file} is not what this kb-portal expects (${where}${issue?.message ?? 'invalid'}); rebuild the site.`);
}
