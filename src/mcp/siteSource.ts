// A published portal as a source for `kb mcp --site`: it fetches the files the query island reads
// (src/islands/kbQuery.ts, README "The query island"), named and validated by src/core/outputs/siteContract.ts.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createPackDataLoader } from '../core/context/packLoader.js';
import type { PackRequest } from '../core/context/packTypes.js';
import { projectRepo } from '../core/context/repoContext.js';
import { createTokenCounter, type TokenCounter } from '../core/tokens/tokenCounter.js';
import { configuredPacks } from '../core/context/configuredPacks.js';
import { bodiesFromSpans } from '../core/outputs/bodySpans.js';
import { digestsForRequest } from '../core/site/packDigests.js';
import { PACK_DATA_DIR, parseSiteFile, siteFilePath, type SiteFileValue, type SiteJsonKey } from '../core/outputs/siteContract.js';
import type { KbSnapshot, KbSource } from './kbSource.js';

/** The full index: query, search facets, packs, notes' slugs; its text also tells one publication from the next. */
const INDEX = siteFilePath('index');

/** How often a portal on the web is asked whether its index changed (a local dist/ is checked on every call). */
const REVALIDATE_MS = 60_000;
const FETCH_TIMEOUT_MS = 30_000;

/** Where a site's files come from: the web or a folder. */
interface SiteFiles {
  read(file: string): Promise<string>;
  /** Something that changes when the site is published again, or undefined when it is not time to look. */
  changeMark(): Promise<string | undefined>;
}

/**
 * A published portal: `https://wiki.example.com/wiki/` (its home page URL, base path included) or a built
 * `dist/` folder. Every file is fetched once and kept; the site's index is checked again for a new publication
 * (a local folder on every call, a URL at most once a minute), and a new one starts a new snapshot.
 */
export function siteSource(location: string, cwd: string): KbSource {
  const files = /^https?:\/\//i.test(location) ? webFiles(location) : folderFiles(resolve(cwd, location));
  let current: { mark: string; snapshot: Promise<KbSnapshot> } | undefined;
  // One token counter for every pack the server builds: their notes' lines repeat from pack to pack.
  const count = createTokenCounter();
  return {
    mode: 'site',
    location,
    async snapshot() {
      const mark = await files.changeMark();
      if (current && (mark === undefined || mark === current.mark)) return current.snapshot;
      const snapshot = openSnapshot(files, location, count);
      current = { mark: mark ?? '', snapshot };
      snapshot.catch(() => (current = undefined)); // a failed fetch is tried again on the next call
      return snapshot;
    },
  };
}

async function openSnapshot(files: SiteFiles, location: string, count: TokenCounter): Promise<KbSnapshot> {
  const indexText = await files.read(INDEX);
  let json: unknown;
  try {
    json = JSON.parse(indexText);
  } catch {
    throw new Error(`${location}: ${INDEX} is not JSON; is this a kb-portal site?`);
  }
  const validated = <K extends SiteJsonKey>(key: K, value: unknown): SiteFileValue<K> => {
    try {
      return parseSiteFile(key, value);
    } catch (err) {
      throw new Error(`${location}: ${(err as Error).message}`, { cause: err });
    }
  };
  const index = validated('index', json);
  const version = createHash('sha256').update(indexText).digest('base64url').slice(0, 22);
  const once = <T>(load: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= load().catch((err: unknown) => ((value = undefined), Promise.reject(err))));
  };
  const parsed = async <K extends SiteJsonKey>(key: K): Promise<SiteFileValue<K>> => validated(key, JSON.parse(await files.read(siteFilePath(key))));
  const bodies = once(async () => bodiesFromSpans(await parsed('bodySpans'), (file) => files.read(file)));
  // The island's loader over the published parts (it validates each with the contract's pack schemas): the pack is the CLI's, byte for byte.
  const packs = createPackDataLoader(async (part) => JSON.parse(await files.read(`${PACK_DATA_DIR}${part}`)) as unknown);
  const digests = once(() => parsed('digests'));
  return {
    version,
    index,
    searchBodies: bodies,
    async contextPack(request: PackRequest) {
      const all = await digests();
      // kb context also reads the project's registered codebase when no repo is named (digestsFor).
      const { digests: found, unreadPaths } = digestsForRequest(all, { task: request.task, repo: request.repo ?? projectRepo(index, request.project) });
      const pack = await packs.pack(
        request,
        found,
        { count },
        {
          note: request.note === undefined ? undefined : index.notes.findIndex((n) => n.path === request.note),
        },
      );
      pack.warnings.unshift(...unreadPaths.map((p) => `${p} is not a registered repo; a published portal cannot read it (use kb mcp --kb DIR).`));
      return pack;
    },
    noteMarkdown: (note) => files.read(siteFilePath('noteMd', note.slug)),
    heldBack: () => undefined, // a portal publishes only what may be read: it cannot tell a private note from a missing one
    async packMarkdown(slug) {
      if (!configuredPacks(index).some((p) => p.slug === slug)) return undefined;
      return files.read(siteFilePath('packMd', slug));
    },
    indexMd: () => files.read(siteFilePath('indexMd')),
    warm: async () => void (await Promise.all([bodies(), digests()])),
  };
}

function webFiles(url: string): SiteFiles {
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  let checked = 0;
  let etag: string | undefined;
  let mark: string | undefined;
  /** The index text the last check fetched: the snapshot it starts reads it instead of fetching it again. */
  let indexText: string | undefined;
  const get = async (file: string, headers: Record<string, string> = {}) => {
    const target = new URL(checkedName(file).split('/').map(encodeURIComponent).join('/'), base);
    let response: Response;
    try {
      response = await fetch(target, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (err) {
      throw new Error(`${target.href}: ${(err as Error).message}`, { cause: err });
    }
    if (response.status !== 304 && !response.ok)
      throw new Error(`${target.href}: HTTP ${response.status}. Is ${base.href} a kb-portal site? Pass the URL of its home page, base path included.`);
    return response;
  };
  return {
    async read(file) {
      if (file === INDEX && indexText !== undefined) return indexText;
      return (await get(file)).text();
    },
    async changeMark() {
      if (mark !== undefined && Date.now() - checked < REVALIDATE_MS) return undefined;
      const response = await get(INDEX, etag && mark !== undefined ? { 'If-None-Match': etag } : {});
      checked = Date.now();
      if (response.status === 304 && mark !== undefined) return mark;
      etag = response.headers.get('etag') ?? undefined;
      indexText = await response.text();
      mark = createHash('sha256').update(indexText).digest('base64url');
      return mark;
    },
  };
}

function folderFiles(dir: string): SiteFiles {
  return {
    async read(file) {
      try {
        return await readFile(join(dir, ...checkedName(file).split('/')), 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new Error(
          `${join(dir, file)}: ${code === 'ENOENT' ? `not found. Is ${dir} a built kb-portal site (npm run build writes dist/)?` : (err as Error).message}`,
          { cause: err },
        );
      }
    },
    async changeMark() {
      // Every build writes the index anew (a new inode): its stat changes with each publication.
      const st = await stat(join(dir, INDEX)).catch(() => undefined);
      return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : 'missing';
    },
  };
}

/** A file name from the site's own index (a slug) stays below the site's root: no `..`, no absolute path. */
function checkedName(file: string): string {
  if (file.split(/[/\\]/).some((part) => part === '..' || part === '') || /^[a-z]:/i.test(file))
    throw new Error(`${file}: not a file of the site (a slug in its kb-index.json leads outside it); rebuild the site.`);
  return file;
}
