import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runGit, runGitBytes } from '../git/runGit.js';

/** Files whose bytes the reading looks at: notes, the config, and SVGs (checked for script before publishing). */
const READ = /\.(mdx?|ya?ml|svg)$/i;

/**
 * The files under `paths` (repository-relative folders; none: the whole tree) as they are in `commit`, written
 * under `dest` at their repository paths, with two git commands whatever their number: `ls-tree` lists them and
 * one `cat-file --batch` hands over every blob. The working tree and the index are never touched. Any other file
 * (an image, a PDF) is written empty: links to it resolve, and nothing reads its bytes. Symlinks stay symlinks (the
 * reading refuses those that lead out of the folder); submodules are left out. Returns how many files were written.
 */
export function writeTreeAt(repoDir: string, commit: string, paths: readonly string[], dest: string): number {
  // Each entry: "<mode> <type> <object>\t<path>", NUL-terminated (-z: paths as they are, never quoted).
  const listing = runGit(repoDir, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...paths], { timeout: 60_000 });
  const entries = listing
    .split('\0')
    .filter(Boolean)
    .map((e) => {
      const tab = e.indexOf('\t');
      const [mode, type, oid] = e.slice(0, tab).split(' ') as [string, string, string];
      return { mode, type, oid, path: e.slice(tab + 1) };
    })
    .filter((e) => e.type === 'blob');
  const wanted = entries.filter((e) => e.mode === '120000' || READ.test(e.path));
  const blobs = wanted.length
    ? readBlobs(
        repoDir,
        wanted.map((e) => e.oid),
      )
    : new Map<string, Buffer>();
  for (const e of entries) {
    const file = join(dest, e.path);
    mkdirSync(dirname(file), { recursive: true });
    const bytes = blobs.get(e.oid) ?? Buffer.alloc(0);
    if (e.mode !== '120000') writeFileSync(file, bytes);
    else
      try {
        symlinkSync(bytes.toString('utf8'), file);
      } catch {
        // A file system without symlinks: the link is left out, as the reading leaves out one it cannot follow.
      }
  }
  return entries.length;
}

/** Every blob's bytes by object id, from one `git cat-file --batch`. */
function readBlobs(repoDir: string, oids: readonly string[]): Map<string, Buffer> {
  const unique = [...new Set(oids)];
  const out = runGitBytes(repoDir, ['cat-file', '--batch'], { input: `${unique.join('\n')}\n`, timeout: 120_000 });
  const blobs = new Map<string, Buffer>();
  let at = 0;
  // Each object: "<oid> <type> <size>\n", its bytes, "\n" (a missing one: "<oid> missing\n").
  while (at < out.length) {
    const eol = out.indexOf(0x0a, at);
    if (eol < 0) break;
    const [oid, type, size] = out.subarray(at, eol).toString('utf8').split(' ');
    at = eol + 1;
    if (type === 'missing' || size === undefined) continue;
    const n = Number(size);
    blobs.set(oid!, out.subarray(at, at + n));
    at += n + 1;
  }
  return blobs;
}
