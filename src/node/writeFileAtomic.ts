import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `file` beside its final name (`<file>.<tag>.tmp`) and renames it into place, so a concurrent reader
 * sees the old file or the new one, never half of one. `tag` keeps two writers apart (default: the process id).
 * Throws like writeFileSync; the temporary file is removed first.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, tag: string = String(process.pid)): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${tag}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
