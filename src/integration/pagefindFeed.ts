// Pagefind while Astro renders: the note pages come to the feed as they are rendered (searchFeedMiddleware.ts), in
// shard order (the notes route renders its pages shard by shard: searchShardPlan.ts), and a shard whose pages have
// all come is indexed into the shard cache at once, in Pagefind's own process, while Astro renders the next. After
// the build, pagefindShards.ts reads the written pages as before and finds each such shard in the cache under the
// same key (the pages' paths and bytes); a shard the feed did not finish (pages kept from the previous build, a page
// it never saw, bytes that differ) is indexed there as before. So the feed only moves work earlier, never changes
// what is written, and anything it cannot do is left to the step after the build.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pagefindBundleName } from '../core/site/pagefindShardList.js';
import { planSearchShards, type SearchFeed } from '../core/site/searchShardPlan.js';
import { indexShard, pagefindShardKey, pagefindVersion } from './pagefindShards.js';

export interface PagefindFeedInput {
  /** The note pages the build will write (paths in the output folder), as pagefindShards.ts will list them. */
  pages: readonly string[];
  /** The site's base (`/`, `/wiki/`): a page's URL path is the base and its folder in the output folder. */
  base: string;
  cacheDir: string;
  shardPages: number | undefined;
  /** The previous output, where the pages a rebuild keeps are read from (KB_REUSE_FROM). */
  reuseFrom?: string | undefined;
}

export interface PagefindFeed extends SearchFeed {
  /** Resolves when every shard begun is in the cache (or given up: the step after the build indexes it). */
  settled(): Promise<void>;
  /** The cache keys of the shards indexed while Astro rendered. */
  readonly indexed: ReadonlySet<string>;
}

export function createPagefindFeed(input: PagefindFeedInput): PagefindFeed {
  const shards = planSearchShards(input.pages, input.shardPages);
  const shardOfPage = new Map<string, number>();
  shards.forEach((pages, i) => pages.forEach((page) => shardOfPage.set(page, i)));
  const received: Map<string, Uint8Array>[] = shards.map(() => new Map());
  // Pages kept from the previous output: a rebuild renders only the changed pages of a shard, and the shard is
  // indexed once those have come, with the kept ones read from where they are linked from after the build.
  const kept: Set<string>[] = shards.map(() => new Set());
  const queued = new Set<number>(); // each shard is indexed once, whatever comes after
  const whole = (i: number) => !queued.has(i) && received[i]!.size > 0 && received[i]!.size + kept[i]!.size === shards[i]!.length;
  const version = pagefindVersion();
  let queue = Promise.resolve();
  const indexed = new Set<string>();
  let waiting = 0; // whole shards queued or being indexed
  let wake: (() => void)[] = [];
  const index = async (i: number) => {
    const pages = shards[i]!;
    const contents = pages.map((page) => received[i]!.get(page) ?? readFileSync(join(input.reuseFrom!, page)));
    received[i] = new Map(); // the bytes are not held once the shard is indexed
    const key = pagefindShardKey(version, pagefindBundleName(i), input.base, pages, contents);
    const done = join(input.cacheDir, key);
    if (existsSync(join(done, 'pagefind-entry.json'))) return;
    const partial = `${done}.feed-${process.pid}`;
    try {
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(input.cacheDir, { recursive: true });
      await indexShard(pages, contents, input.base, partial);
      rmSync(done, { recursive: true, force: true });
      renameSync(partial, done);
      indexed.add(key);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // indexed after the build instead, where an error is reported
    }
  };
  // `/wiki/kb/notes/a/` → `kb/notes/a/index.html`, as Astro names the file it writes (build.format: 'directory').
  const pageOf = (pathname: string) => {
    let path: string;
    try {
      path = decodeURI(pathname);
    } catch {
      return undefined;
    }
    if (!path.startsWith(input.base)) return undefined;
    const dir = path.slice(input.base.length).replace(/^\/+|\/+$/g, '');
    return dir ? `${dir}/index.html` : 'index.html';
  };
  return {
    wants: (pathname) => shardOfPage.has(pageOf(pathname) ?? ''),
    async take(pathname, html) {
      const page = pageOf(pathname);
      const i = page === undefined ? undefined : shardOfPage.get(page);
      if (page === undefined || i === undefined) return;
      received[i]!.set(page, html);
      kept[i]!.delete(page);
      if (whole(i)) {
        queued.add(i);
        waiting++;
        queue = queue
          .then(() => index(i))
          .catch(() => undefined) // left to the step after the build
          .finally(() => {
            waiting--;
            const woken = wake;
            wake = [];
            woken.forEach((w) => w());
          });
      }
      while (waiting > 1) await new Promise<void>((w) => wake.push(w));
    },
    reused(page) {
      const i = shardOfPage.get(page);
      if (i !== undefined && input.reuseFrom) kept[i]!.add(page);
    },
    settled: () => queue,
    indexed,
  };
}
