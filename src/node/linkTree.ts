import { constants, copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Hard links of every file under `from` at the same place under `to` (copies where links fail); nothing writes these files in place. */
export function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const rel = join(entry.parentPath, entry.name).slice(from.length + 1);
    if (entry.isDirectory()) mkdirSync(join(to, rel), { recursive: true });
    else {
      mkdirSync(dirname(join(to, rel)), { recursive: true });
      linkFile(join(from, rel), join(to, rel));
    }
  }
}

/** A hard link, or a copy where the file system has none (another device, no permission); other errors are thrown. */
export function linkFile(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}
