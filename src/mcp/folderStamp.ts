import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IGNORED_FOLDERS } from '../core/classify/classifyPath.js';

/**
 * A fingerprint of every file the index reads under a folder: path, size, mtime and inode. Any edit, addition,
 * removal or rename changes it. About 25 ms for 2,000 notes (scripts/bench/mcpLatency.ts), so `kb mcp` takes it
 * before every call instead of watching the folder: no event to wait for, no inotify limit, and it works on
 * network and container mounts where watching does not.
 */
export function folderStamp(dir: string): string {
  const hash = createHash('sha256');
  const visit = (abs: string, rel: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      hash.update(`!${rel}\n`);
      return;
    }
    for (const e of entries) {
      const path = join(abs, e.name);
      if (e.isDirectory()) {
        if (!IGNORED_FOLDERS.has(e.name)) visit(path, `${rel}${e.name}/`, depth + 1);
        continue;
      }
      const st = statSync(path, { throwIfNoEntry: false }); // follows symlinks: a linked note's edit counts too
      if (st?.isDirectory() && depth < 16 && !IGNORED_FOLDERS.has(e.name)) visit(path, `${rel}${e.name}/`, depth + 1);
      else hash.update(st ? `${rel}${e.name}\0${st.size}\0${st.mtimeMs}\0${st.ino}\n` : `${rel}${e.name}\0gone\n`);
    }
  };
  visit(dir, '', 0);
  return hash.digest('base64url').slice(0, 22);
}
