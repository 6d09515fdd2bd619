// Incremental builds: the page manifests a build records (src/runtime/changedRoutes.ts), which pages it may take
// from the previous output, and the hand-over once the build is done.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PageManifestSchema, type PageManifest } from '../../core/site/pageManifest.js';
import type { PagesManifestDirs } from '../../core/site/portalData.js';
import { linkFile } from '../../node/linkTree.js';
import type { PortalConfig } from '../options/resolvePortal.js';

interface Stamp {
  /** The output folder the manifests describe. */
  out: string;
  /**
   * Size and modification time (ms) of every page the manifests list, as this build left them. A page whose size
   * or time differs (another build swapped in, someone edited or deleted it) makes the manifests untrustworthy.
   * Times are compared to within 2.5 s: a CI cache restored from a zip archive keeps them to 2 s.
   */
  files: Record<string, [size: number, mtimeMs: number]>;
}

/** Modification times this close count as the same (zip archives, as GitLab's cache uses, keep 2 s). */
const MTIME_SLACK_MS = 2500;

/**
 * The manifest folders of this build: a fresh pending folder, and the previous build's manifests when the
 * output folder is still the one they describe and holds every page they list. None without `reuseFrom`.
 */
export function pageManifests(config: PortalConfig, salt: string, log: (line: string) => void): PagesManifestDirs | undefined {
  if (!config.reuseFrom) return undefined;
  const dir = join(config.cacheDir, 'pages');
  const pending = join(dir, `pending-${process.pid}`);
  if (existsSync(dir))
    for (const name of readdirSync(dir)) {
      const pid = /^pending-(\d+)$/.exec(name)?.[1];
      if (pid && (Number(pid) === process.pid || !isRunning(Number(pid)))) rmSync(join(dir, name), { recursive: true, force: true });
    }
  mkdirSync(pending, { recursive: true });
  const current = join(dir, 'current');
  if (config.full) return { salt, pending, previous: undefined };
  const usable = previousIsUsable(current, config.reuseFrom);
  if (usable === 'pages missing') log(`kb: ${config.reuseFrom} lacks pages the last build wrote there; rendering every page`);
  return { salt, pending, previous: usable === true ? current : undefined };
}

function previousIsUsable(current: string, out: string): true | 'no manifest' | 'pages missing' {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(join(current, 'stamp.json'), 'utf8')) as Stamp;
    if (stamp.out !== out || typeof stamp.files !== 'object') return 'no manifest';
  } catch {
    return 'no manifest';
  }
  for (const name of readdirSync(current).filter((n) => n.endsWith('.json') && n !== 'stamp.json')) {
    const parsed = PageManifestSchema.safeParse(JSON.parse(readFileSync(join(current, name), 'utf8')));
    if (!parsed.success) return 'no manifest';
    for (const [file] of parsed.data.routes) {
      const seen = stamp.files[file];
      const st = seen && statOrUndefined(join(out, file));
      if (!seen || !st || st.size !== seen[0] || Math.abs(st.mtimeMs - seen[1]) > MTIME_SLACK_MS) return 'pages missing';
    }
  }
  return true;
}

function statOrUndefined(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** The previous build's fingerprints of its incremental pages, by page path (`notes/a/`), when it can be trusted. */
export function previousFingerprints(pages: PagesManifestDirs): Map<string, string> {
  const out = new Map<string, string>();
  if (!pages.previous) return out;
  for (const name of readdirSync(pages.previous).filter((n) => n.endsWith('.json') && n !== 'stamp.json')) {
    const parsed = PageManifestSchema.safeParse(JSON.parse(readFileSync(join(pages.previous, name), 'utf8')));
    if (parsed.success) for (const [file, fp] of parsed.data.routes) out.set(file.replace(/index\.html$/, ''), fp);
  }
  return out;
}

/**
 * Records a compiled-site build's incremental pages (src/site/render/renderPages.ts), kind by kind, in the pending
 * manifests, as a host site's getStaticPaths does (src/runtime/changedRoutes.ts): the pages it kept are linked from
 * the previous output once the build is done.
 */
export function writePageManifests(
  pages: PagesManifestDirs,
  rendered: readonly { page: { path: string; kind: string }; fingerprint: string | undefined; kept: boolean }[],
): void {
  const manifests = new Map<string, PageManifest>();
  for (const { page, fingerprint, kept } of rendered) {
    if (fingerprint === undefined) continue;
    const file = `${page.path}index.html`;
    let manifest = manifests.get(page.kind);
    if (!manifest) manifests.set(page.kind, (manifest = { kind: page.kind, routes: [], skipped: [] }));
    manifest.routes.push([file, fingerprint]);
    if (kept) manifest.skipped.push(file);
  }
  for (const [kind, manifest] of manifests) writeFileSync(join(pages.pending, `${kind}.json`), JSON.stringify(manifest));
}

/**
 * Links every page this build skipped from the previous output into `outDir`; returns how many. `linked`: the
 * manifests (one per kind of page) already linked, skipped, and those linked now added (a build links its note pages'
 * kinds before its gated pages are rendered, and the others after).
 */
export function linkReusedPages(pages: PagesManifestDirs, from: string, outDir: string, linkedKinds = new Set<string>()): number {
  let linked = 0;
  const made = new Set<string>();
  for (const name of readdirSync(pages.pending)
    .filter((n) => n.endsWith('.json') && !linkedKinds.has(n))
    .sort()) {
    linkedKinds.add(name);
    const { skipped } = PageManifestSchema.parse(JSON.parse(readFileSync(join(pages.pending, name), 'utf8')));
    for (const file of skipped) {
      const to = join(outDir, file);
      if (!made.has(dirname(to))) mkdirSync(dirname(to), { recursive: true });
      made.add(dirname(to));
      linkFile(join(from, file), to);
      linked++;
    }
  }
  return linked;
}

/**
 * This build's manifests become the ones that describe `out`, stamped with the size and time of every page in
 * `outDir`: the build wrapper renames outDir to `out`, which keeps both, so the stamp holds once that swap happened
 * (and after a CI cache restored the output and the caches).
 */
export function commitPageManifests(pages: PagesManifestDirs, out: string, outDir: string): void {
  const files: Stamp['files'] = {};
  for (const name of readdirSync(pages.pending).filter((n) => n.endsWith('.json'))) {
    const file = join(pages.pending, name);
    const manifest = PageManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    writeFileSync(file, JSON.stringify({ ...manifest, skipped: [] }));
    for (const [page] of manifest.routes) {
      const st = statOrUndefined(join(outDir, page));
      if (st) files[page] = [st.size, st.mtimeMs];
    }
  }
  writeFileSync(join(pages.pending, 'stamp.json'), JSON.stringify({ out, files } satisfies Stamp));
  const current = join(dirname(pages.pending), 'current');
  rmSync(current, { recursive: true, force: true });
  renameSync(pages.pending, current);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
