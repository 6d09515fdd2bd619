import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';

/**
 * The file-system calls the folder readers make. `nodeFs` is the real one; a test passes its own to
 * simulate what a test run as root cannot meet (EACCES, EIO) without touching the disk.
 */
export interface KbFs {
  readdir(dir: string): string[];
  lstat(path: string): Stats;
  stat(path: string): Stats;
  realpath(path: string): string;
  /**
   * A regular file's bytes. Opened non-blocking and checked after opening, so a named pipe or a device
   * (even one swapped in after the walk looked) is refused with `ENOTFILE`, never waited on.
   */
  readFile(path: string): Buffer;
}

/** What `readFile` throws for something that is not a regular file. */
export const NOT_A_FILE = 'ENOTFILE';

export const nodeFs: KbFs = {
  readdir: (dir) => readdirSync(dir),
  lstat: (path) => lstatSync(path),
  stat: (path) => statSync(path),
  realpath: (path) => realpathSync(path),
  readFile(path) {
    const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) throw Object.assign(new Error(`${path}: not a regular file`), { code: NOT_A_FILE });
      const chunks: Buffer[] = [];
      let total = 0;
      // Read to the end rather than trusting st.size: a file may grow while it is read.
      for (;;) {
        const chunk = Buffer.allocUnsafe(Math.max(64 * 1024, st.size - total + 1));
        const n = readSync(fd, chunk, 0, chunk.length, null);
        if (n === 0) break;
        chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
        total += n;
      }
      return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
    } finally {
      closeSync(fd);
    }
  },
};

/** The error code a failed call carries (`EACCES`, `EIO`, …), or `error` when it has none. */
export function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : 'error';
}

/** Whether something is at `path` (following symlinks), as `existsSync` answers, through the seam. */
export function exists(fs: KbFs, path: string): boolean {
  try {
    fs.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** A file's text when it is a regular file that can be read, else undefined (missing, a pipe, unreadable). */
export function readTextIfFile(fs: KbFs, path: string): string | undefined {
  try {
    return fs.readFile(path).toString('utf8');
  } catch {
    return undefined;
  }
}
