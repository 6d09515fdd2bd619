// `kb dev`'s first pages from the data its last run left: when `kb dev` stops, it records the signature of everything
// that data was made from (every file and folder of the knowledge folder, its repository's `.git`, the package's code,
// the options and the day); the next start that finds every signature unchanged moves that data aside and answers its
// first pages from it while the folder is indexed again (devServer.ts). Nothing in the folder has changed then, so the
// pages are those the indexing gives; the server still compares the two and reloads the open pages if they differ
// (sameSiteData: a change no signature shows, such as a commit in a worktree).
import { lstatSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOARDS_FILE } from '../../core/boards/boardPageData.js';
import { PORTAL_FILES } from '../../core/site/portalData.js';
import { signature } from '../../node/fs/recordingFs.js';
import { gitAbove } from '../../node/site/gitDates.js';
import { writeFileAtomic } from '../../node/writeFileAtomic.js';
import type { PortalConfig } from '../options/resolvePortal.js';

/** The record, in the build caches' folder (one per output folder). */
export const KEPT_RECORD = 'dev-kept.json';
const VERSION = 1;
/** What the pages read from the data folder before the packs are built (packs.json and health.json come after). */
const DATA_FILES = [PORTAL_FILES.site, PORTAL_FILES.bodies, BOARDS_FILE];
/** The compiled code whose files' signatures the record holds: this module's tree (the package's `lib/`, or `src/` in tests). */
const CODE_DIR = fileURLToPath(new URL('../../', import.meta.url));

interface KeptRecord {
  version: number;
  key: string;
  data: Record<string, string>;
  code: Record<string, string>;
  folder: Record<string, string>;
}

/** Where the data taken for the first pages is moved (beside the data folder, which the next indexing writes again). */
export const keptDataDir = (cfg: Pick<PortalConfig, 'dataDir'>) => `${cfg.dataDir}.kept`;

/** The question the data answered: Node's version, the resolved settings (the day among them) and the options. */
export function keptKey(cfg: PortalConfig, options: unknown): string {
  return JSON.stringify([VERSION, process.version, cfg, options]);
}

/** The signatures of the running code's files (taken when the server starts: the code that writes the data it records). */
export function codeSignatures(): Record<string, string> {
  return treeSignatures(CODE_DIR).sigs;
}

/**
 * Records what the data in `cfg.dataDir` was made from, for the next start. `since`: when the indexing that wrote the data
 * began; a file or folder changed since then (a save not yet indexed) means no record. `code`: codeSignatures() of the
 * code that wrote it. Never throws: without a record the next start only indexes first.
 */
export function recordSiteData(cfg: PortalConfig, key: string, since: number, code: Record<string, string>): boolean {
  try {
    const folder = folderSignatures(cfg);
    if (folder.latest >= since) return false;
    const data = dataSignatures(cfg.dataDir);
    if (!data) return false;
    const record: KeptRecord = { version: VERSION, key, data, code, folder: folder.sigs };
    writeFileAtomic(join(cfg.cacheDir, KEPT_RECORD), JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/**
 * The data the last run left, moved to keptDataDir, when its record holds: same key, its files as written, the same code (`code`),
 * every file and folder of the knowledge folder (and its `.git`) with the signature it had. Undefined otherwise. The
 * record is used once.
 */
export function takeKeptSiteData(cfg: PortalConfig, key: string, code: Record<string, string>): string | undefined {
  const kept = keptDataDir(cfg);
  try {
    const recordFile = join(cfg.cacheDir, KEPT_RECORD);
    const record = readRecord(recordFile);
    rmSync(recordFile, { force: true });
    rmSync(kept, { recursive: true, force: true });
    if (
      record?.version !== VERSION ||
      record.key !== key ||
      !same(record.data, dataSignatures(cfg.dataDir)) ||
      !same(record.code, code) ||
      !same(record.folder, folderSignatures(cfg).sigs)
    )
      return undefined;
    renameSync(cfg.dataDir, kept);
    return kept;
  } catch {
    return undefined; // a cache folder that cannot be read or written: the folder is indexed first, as always
  }
}

function readRecord(file: string): KeptRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as KeptRecord;
  } catch {
    return undefined;
  }
}

/** Whether two data folders hold the same data (what the pages read first), byte for byte. */
export function sameSiteData(a: string, b: string): boolean {
  return DATA_FILES.every((name) => {
    const x = readOrUndefined(join(a, name));
    const y = readOrUndefined(join(b, name));
    return x !== undefined && y !== undefined && x.equals(y);
  });
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function same(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function dataSignatures(dir: string): Record<string, string> | undefined {
  const sigs: Record<string, string> = {};
  for (const name of DATA_FILES) {
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    if (!st?.isFile()) return undefined;
    sigs[name] = signature(st);
  }
  return sigs;
}

/**
 * Every file and folder of the knowledge folder (but `.git`, `node_modules` and the build caches inside it) and the
 * repository's `.git` (a commit changes its folder: the index is written beside it and renamed), by signature; a
 * symlink by its own and its target's. `latest`: the latest change or modification time among them.
 */
function folderSignatures(cfg: PortalConfig): { sigs: Record<string, string>; latest: number } {
  const skip = (abs: string) => abs === cfg.cacheDir || abs.startsWith(cfg.cacheDir + sep);
  // The folder itself may be a symlink (`--kb ~/notes`): its target is walked. A symlink inside it is not followed: the
  // reading passes by one that leads outside the folder, and walks the target of one that leads inside anyway.
  const tree = treeSignatures(realpathSync(cfg.kbDir), (name, abs) => name === '.git' || name === 'node_modules' || name === '.kb-build' || skip(abs));
  const git = gitAbove(cfg.kbDir);
  if (git !== undefined) {
    for (const file of [git, join(git, 'HEAD'), join(git, 'index')]) {
      const st = statOrUndefined(file);
      tree.sigs[`git:${file}`] = st ? signature(st) : '!';
      if (st) tree.latest = Math.max(tree.latest, st.mtimeMs, st.ctimeMs);
    }
  }
  return tree;
}

function treeSignatures(root: string, passBy: (name: string, abs: string) => boolean = () => false): { sigs: Record<string, string>; latest: number } {
  const sigs: Record<string, string> = {};
  let latest = 0;
  const visit = (abs: string) => {
    const st = lstatSync(abs, { throwIfNoEntry: false });
    const rel = relative(root, abs) || '.';
    if (!st) return void (sigs[rel] = '!');
    latest = Math.max(latest, st.mtimeMs, st.ctimeMs);
    if (st.isSymbolicLink()) {
      const target = statOrUndefined(abs);
      sigs[rel] = `${signature(st)}>${target ? signature(target) : '!'}`;
      if (target) latest = Math.max(latest, target.mtimeMs, target.ctimeMs);
      return;
    }
    sigs[rel] = signature(st);
    if (!st.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      return void (sigs[rel] += '!');
    }
    for (const name of names.sort()) {
      const child = join(abs, name);
      if (!passBy(name, child)) visit(child);
    }
  };
  visit(root);
  return { sigs, latest };
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
