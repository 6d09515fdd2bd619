import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`: the quoted specifier.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g;
const SOURCE_EXTENSIONS = ['', '.ts', '.js', '.mjs', '.astro', '/index.ts', '/index.js'];

/** How the module graph is read: tests change a producer's source here, without touching the disk. */
export interface GraphReader {
  /** A source file's bytes. Default: the file on disk. */
  read?: ((file: string) => Buffer) | undefined;
}

/**
 * What a cache entry depends on in code: a hash of every source file reachable from `entries` by relative
 * imports, the installed version of every package they import, and those packages' versions in the lockfile with
 * the versions of everything they depend on (lockfileVersions), so a dependency of a dependency that changed
 * changes the hash and an unrelated one does not. Computed once per build: a change in the renderer, the
 * sanitiser's allow-list or an upgraded Markdown package gives a new hash, so nothing cached by older code is reused.
 */
export function hashModuleGraph(entries: readonly string[], lockfile?: string, reader: GraphReader = {}): string {
  return hashModuleGraphFiles(entries, lockfile, reader).hash;
}

/** `hashModuleGraph`, and every file it read (sources, package manifests, the lockfile), by absolute path. */
export function hashModuleGraphFiles(entries: readonly string[], lockfile?: string, reader: GraphReader = {}): { hash: string; files: string[] } {
  const hash = createHash('sha256');
  const graph = walkModuleGraph(entries, reader);
  for (const file of graph.parts) hash.update(`${file.label}\0`).update(file.content).update('\0');
  const files = [...graph.files];
  if (lockfile && existsSync(lockfile)) {
    const text = reader.read?.(resolve(lockfile)) ?? readFileSync(lockfile);
    const versions = lockfileVersions(text, dirname(resolve(lockfile)), graph.packages);
    // A lockfile this cannot read (pnpm's, yarn's, bun's) counts whole: any change in it is a change.
    if (versions) for (const v of versions) hash.update(`lock:${v}\0`);
    else hash.update('lockfile\0').update(text).update('\0');
    files.push(resolve(lockfile));
  }
  return { hash: hash.digest('hex').slice(0, 24), files };
}

/** The files and packages `hashModuleGraph` covers, sorted: each with a stable label and what it contributes. */
export function moduleGraph(entries: readonly string[], reader: GraphReader = {}): { label: string; content: string | Buffer }[] {
  return walkModuleGraph(entries, reader).parts;
}

/**
 * The module graph and the files it was read from (the sources, the manifests of the packages they import),
 * so a caller can tell by their signatures alone that the code is still what was hashed; and each package the
 * sources import, with the folder of the first source that imports it (where Node looks for it).
 */
export function walkModuleGraph(
  entries: readonly string[],
  reader: GraphReader = {},
): { parts: { label: string; content: string | Buffer }[]; files: string[]; packages: Map<string, string> } {
  const read = reader.read ?? ((file: string) => readFileSync(file));
  const files = new Map<string, Buffer>();
  const packages = new Map<string, { version: string; manifest: string | undefined; from: string }>();
  const queue = entries.map((e) => resolve(e));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const source = read(file);
    files.set(file, source);
    for (const m of source.toString('utf8').matchAll(SPECIFIER)) {
      const spec = m[2]!;
      if (spec.startsWith('.')) {
        const target = resolveRelative(dirname(file), spec);
        if (target) queue.push(target);
      } else if (!spec.startsWith('node:') && !spec.includes(':')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, { ...installedVersion(dirname(file), name), from: dirname(file) });
      }
    }
  }
  const root = commonDir([...files.keys()]);
  const parts = [
    ...[...files].map(([file, content]) => ({ label: file.slice(root.length), content })),
    ...[...packages].map(([name, p]) => ({ label: `package:${name}`, content: p.version })),
  ].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const manifests = [...packages.values()].map((p) => p.manifest).filter((m): m is string => m !== undefined);
  return { parts, files: [...files.keys(), ...manifests].sort(), packages: new Map([...packages].map(([name, p]) => [name, p.from])) };
}

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * The versions an npm lockfile (v2, v3) pins for `packages` (name → the folder importing it) and for everything
 * they depend on, as `path@version`, sorted: found as Node finds a package, from the importing folder up. Undefined
 * for a lockfile that is not npm's JSON with `packages`.
 */
export function lockfileVersions(text: Buffer | string, lockDir: string, packages: ReadonlyMap<string, string>): string[] | undefined {
  let lock: { packages?: Record<string, LockEntry> };
  try {
    lock = JSON.parse(text.toString()) as typeof lock;
  } catch {
    return undefined;
  }
  const entries = lock.packages;
  if (!entries || typeof entries !== 'object') return undefined;
  /** The lockfile's key of `name` as Node finds it from the folder `at` (a lockfile path: '' or `node_modules/x`). */
  const find = (at: string, name: string): string | undefined => {
    for (let dir = at; ; dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '') {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (entries[key]) return key;
      if (dir === '') return undefined;
    }
  };
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const [name, from] of packages) {
    const rel = relative(lockDir, from).split(sep).join('/');
    const key = find(rel.startsWith('..') ? '' : rel, name);
    if (key) queue.push(key);
  }
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = entries[key]!;
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const found = find(key, dep);
      if (found) queue.push(found);
    }
  }
  return [...seen].map((key) => `${key}@${entries[key]!.version ?? '?'}`).sort();
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
export function installedVersion(dir: string, name: string): { version: string; manifest: string | undefined } {
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
