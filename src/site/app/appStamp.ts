// Whether the compiled site (lib/app/, compileApp.ts) was made from the sources as they are. Its stamp holds the hash
// of every module the site is made of (the pages and all they import, with package versions and the lockfile) and the
// size and modification time of each file read: when none changed, nothing is hashed (the CLI asks on every build).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashModuleGraphFiles } from '../../node/cache/codeHash.js';
import { kbLockfile, PACKAGE_ROOT } from '../../node/packageRoot.js';
import { APP_DIR, appEntries } from './compileApp.js';

export interface AppStamp {
  hash: string;
  files: [path: string, size: number, mtimeMs: number][];
}

const STAMP = join(APP_DIR, '.compiled');

/** The hash of what the site is made of, and the files it read. */
export function appSources(): { hash: string; files: string[] } {
  return hashModuleGraphFiles(appEntries(), kbLockfile(PACKAGE_ROOT));
}

function readStamp(): AppStamp | undefined {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as AppStamp;
    return typeof stamp.hash === 'string' && Array.isArray(stamp.files) ? stamp : undefined;
  } catch {
    return undefined;
  }
}

const unchanged = ([path, size, mtimeMs]: AppStamp['files'][number]) => {
  const st = statSync(path, { throwIfNoEntry: false });
  return st !== undefined && st.size === size && st.mtimeMs === mtimeMs;
};

/** The compiled site is there and made from the sources as they are (hashing them again only when a file's signature changed). */
export function appIsFresh(): boolean {
  const stamp = readStamp();
  if (!stamp || !existsSync(join(APP_DIR, 'server', 'entry.mjs'))) return false;
  if (stamp.files.every(unchanged)) return true;
  const now = appStampNow();
  if (now.hash !== stamp.hash) return false;
  writeAppStamp(now); // the same sources with new times (a checkout, a touched file): no need to hash them next time
  return true;
}

/**
 * What the site is made of now: the hash of its sources and each file's signature. Taken before the site is compiled
 * and written after (writeAppStamp): a source saved while it compiles then makes the next build compile it again.
 */
export function appStampNow(): AppStamp {
  const sources = appSources();
  const files = sources.files.map((path): AppStamp['files'][number] => {
    const st = statSync(path);
    return [path, st.size, st.mtimeMs];
  });
  return { hash: sources.hash, files };
}

/** Records what the site in APP_DIR was compiled from (appStampNow, taken before it was compiled). */
export function writeAppStamp(stamp: AppStamp): void {
  writeFileSync(STAMP, JSON.stringify(stamp));
}

/** The hash of the compiled site's code, as its stamp records it (part of every page's fingerprint). */
export function appCodeHash(): string {
  return readStamp()?.hash ?? appSources().hash;
}
