import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`: the quoted specifier.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g;
const SOURCE_EXTENSIONS = ['', '.ts', '.js', '.mjs', '.astro', '/index.ts', '/index.js'];

/**
 * What a cache entry depends on in code: a hash of every source file reachable from `entries` by relative
 * imports, the installed version of every package they import, and the project's lockfile (which changes when a
 * dependency of those packages does). Computed once per build: a change in the renderer, the sanitiser's
 * allow-list or an upgraded Markdown package gives a new hash, so nothing cached by older code is reused.
 */
export function hashModuleGraph(entries: readonly string[], lockfile?: string): string {
  return hashModuleGraphFiles(entries, lockfile).hash;
}

/** `hashModuleGraph`, and every file it read (sources, package manifests, the lockfile), by absolute path. */
export function hashModuleGraphFiles(entries: readonly string[], lockfile?: string): { hash: string; files: string[] } {
  const hash = createHash('sha256');
  const graph = walkModuleGraph(entries);
  for (const file of graph.parts) hash.update(`${file.label}\0`).update(file.content).update('\0');
  const files = [...graph.files];
  if (lockfile && existsSync(lockfile)) {
    hash.update('lockfile\0').update(readFileSync(lockfile)).update('\0');
    files.push(resolve(lockfile));
  }
  return { hash: hash.digest('hex').slice(0, 24), files };
}

/** The files and packages `hashModuleGraph` covers, sorted: each with a stable label and what it contributes. */
export function moduleGraph(entries: readonly string[]): { label: string; content: string | Buffer }[] {
  return walkModuleGraph(entries).parts;
}

/**
 * The module graph and the files it was read from (the sources, the manifests of the packages they import),
 * so a caller can tell by their signatures alone that the code is still what was hashed.
 */
export function walkModuleGraph(entries: readonly string[]): { parts: { label: string; content: string | Buffer }[]; files: string[] } {
  const files = new Map<string, Buffer>();
  const packages = new Map<string, { version: string; manifest: string | undefined }>();
  const queue = entries.map((e) => resolve(e));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const source = readFileSync(file);
    files.set(file, source);
    for (const m of source.toString('utf8').matchAll(SPECIFIER)) {
      const spec = m[2]!;
      if (spec.startsWith('.')) {
        const target = resolveRelative(dirname(file), spec);
        if (target) queue.push(target);
      } else if (!spec.startsWith('node:') && !spec.includes(':')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, installedVersion(dirname(file), name));
      }
    }
  }
  const root = commonDir([...files.keys()]);
  const parts = [
    ...[...files].map(([file, content]) => ({ label: file.slice(root.length), content })),
    ...[...packages].map(([name, p]) => ({ label: `package:${name}`, content: p.version })),
  ].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const manifests = [...packages.values()].map((p) => p.manifest).filter((m): m is string => m !== undefined);
  return { parts, files: [...files.keys(), ...manifests].sort() };
}

function resolveRelative(dir: string, spec: string): string | undefined {
  const base = resolve(dir, spec);
  // Sources import each other as `./x.js` whether the file on disk is x.ts (src/) or x.js (lib/).
  const stems = /\.js$/.test(base) ? [base, base.replace(/\.js$/, '.ts')] : [base];
  for (const stem of stems)
    for (const ext of SOURCE_EXTENSIONS) {
      const candidate = stem + ext;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
  return undefined;
}

/** The version of the package `name` as Node would find it from `dir` (`none` when it is not installed), and its manifest. */
function installedVersion(dir: string, name: string): { version: string; manifest: string | undefined } {
  for (let d = dir; ; d = dirname(d)) {
    const manifest = join(d, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      try {
        return { version: String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version ?? 'unknown'), manifest };
      } catch {
        return { version: 'unreadable', manifest };
      }
    }
    if (dirname(d) === d) return { version: 'none', manifest: undefined };
  }
}

function commonDir(files: string[]): string {
  if (files.length === 0) return '';
  let prefix = dirname(files[0]!);
  for (const f of files) while (!f.startsWith(`${prefix}/`) && prefix !== dirname(prefix)) prefix = dirname(prefix);
  return `${prefix}/`;
}
