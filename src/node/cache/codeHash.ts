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
  const hash = createHash('sha256');
  for (const file of moduleGraph(entries)) hash.update(`${file.label}\0`).update(file.content).update('\0');
  if (lockfile && existsSync(lockfile)) hash.update('lockfile\0').update(readFileSync(lockfile)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/** The files and packages `hashModuleGraph` covers, sorted: each with a stable label and what it contributes. */
export function moduleGraph(entries: readonly string[]): { label: string; content: string | Buffer }[] {
  const files = new Map<string, Buffer>();
  const packages = new Map<string, string>();
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
  return [
    ...[...files].map(([file, content]) => ({ label: file.slice(root.length), content })),
    ...[...packages].map(([name, version]) => ({ label: `package:${name}`, content: version })),
  ].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
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

/** The version of the package `name` as Node would find it from `dir` (`none` when it is not installed). */
function installedVersion(dir: string, name: string): string {
  for (let d = dir; ; d = dirname(d)) {
    const manifest = join(d, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      try {
        return String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version ?? 'unknown');
      } catch {
        return 'unreadable';
      }
    }
    if (dirname(d) === d) return 'none';
  }
}

function commonDir(files: string[]): string {
  if (files.length === 0) return '';
  let prefix = dirname(files[0]!);
  for (const f of files) while (!f.startsWith(`${prefix}/`) && prefix !== dirname(prefix)) prefix = dirname(prefix);
  return `${prefix}/`;
}
