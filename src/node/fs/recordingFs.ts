import type { Stats } from 'node:fs';
import { errorCode, nodeFs, type KbFs } from './kbFs.js';

/**
 * What a reading looked at, by absolute path: each file's and folder's signature (`stat`, following links;
 * `lstat`, not following), and where a symlink led (`realpath`). A failed call is kept as `!CODE`, so a file
 * that was missing must still be missing. `stillHolds` compares it all with the disk again without reading
 * a byte: the snapshot of a folder is trusted only while this holds.
 */
export interface FsRecord {
  stat: Record<string, string>;
  lstat: Record<string, string>;
  realpath: Record<string, string>;
  /** The latest change time (ctime, ms) among the files and folders recorded: see `isRacy`. */
  latestChange: number;
}

/**
 * A file's or folder's signature: kind and permissions, size, inode, modification and change times. A write
 * changes the size or the times; a rename, a copy over it or `touch` changes the inode or the change time;
 * an entry added to or removed from a folder changes the folder's times.
 */
export function signature(st: Stats): string {
  return `${st.mode.toString(8)}:${st.size}:${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;
}

function attempt(call: () => Stats): { sig: string; st?: Stats } {
  try {
    const st = call();
    return { sig: signature(st), st };
  } catch (err) {
    return { sig: `!${errorCode(err)}` };
  }
}

/**
 * A KbFs that records what it is asked: a folder listed or a file read counts as its `stat`, taken before the
 * listing or the read (a change during the read then shows as a different signature). Nothing else changes:
 * every call is passed on to `inner` and its result or error returned as is.
 */
export function recordingFs(inner: KbFs = nodeFs): { fs: KbFs; record: FsRecord } {
  const record: FsRecord = { stat: {}, lstat: {}, realpath: {}, latestChange: 0 };
  const note = (st: Stats | undefined) => {
    if (st && st.ctimeMs > record.latestChange) record.latestChange = st.ctimeMs;
  };
  const keepStat = (path: string) => {
    if (record.stat[path] !== undefined) return;
    const { sig, st } = attempt(() => inner.stat(path));
    record.stat[path] = sig;
    note(st);
  };
  const fs: KbFs = {
    readdir(dir) {
      keepStat(dir);
      return inner.readdir(dir);
    },
    lstat(path) {
      const { sig, st } = attempt(() => inner.lstat(path));
      record.lstat[path] ??= sig;
      note(st);
      return st ?? inner.lstat(path); // rethrows the same error
    },
    stat(path) {
      const { sig, st } = attempt(() => inner.stat(path));
      record.stat[path] ??= sig;
      note(st);
      return st ?? inner.stat(path);
    },
    realpath(path) {
      try {
        const real = inner.realpath(path);
        record.realpath[path] ??= real;
        return real;
      } catch (err) {
        record.realpath[path] ??= `!${errorCode(err)}`;
        throw err;
      }
    },
    readFile(path) {
      keepStat(path);
      return inner.readFile(path);
    },
  };
  return { fs, record };
}

/**
 * Whether everything recorded still looks the same on disk: same signatures, same failures, same symlink
 * targets. For a path recorded both ways that is not a symlink, one `lstat` answers both.
 */
export function stillHolds(record: FsRecord, fs: Pick<KbFs, 'lstat' | 'stat' | 'realpath'> = nodeFs): boolean {
  // The signature of each path recorded by lstat that is not a symlink (its stat is the same).
  const plain = new Map<string, string>();
  for (const path in record.lstat) {
    const { sig: now, st } = attempt(() => fs.lstat(path));
    if (now !== record.lstat[path]) return false;
    if (st && !st.isSymbolicLink()) plain.set(path, now);
  }
  for (const path in record.stat) {
    const now = plain.get(path) ?? attempt(() => fs.stat(path)).sig;
    if (now !== record.stat[path]) return false;
  }
  for (const path in record.realpath) {
    let now: string;
    try {
      now = fs.realpath(path);
    } catch (err) {
      now = `!${errorCode(err)}`;
    }
    if (now !== record.realpath[path]) return false;
  }
  return true;
}

/**
 * Whether a recording is too recent to be trusted by signature: a file changed again within the file
 * system's timestamp resolution (coarse on some systems: up to 2 s) after it was read would keep its
 * signature. A recording whose latest change lies `slackMs` or more before the reading began cannot be
 * caught out that way (as git treats a file changed in the same second as its index as "racily clean").
 */
export function isRacy(record: FsRecord, readingStartedMs: number, slackMs: number): boolean {
  return record.latestChange >= readingStartedMs - slackMs;
}
