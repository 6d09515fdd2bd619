import { compareStrings } from '../util/compare.js';
import { dirName, extensionOf } from './discoveryRules.js';

/**
 * Pass 4 (discoveryRules.ts): the files an entry point imports, resolved within the registered root.
 * Relative imports for JavaScript/TypeScript (`./x`, `../x`, `.js` → `.ts`, `x/index.*`), Python
 * (`from .x import y`, and project-absolute `from pkg.mod import y` when that file exists), Go
 * (packages under the module path of `go.mod`) and Rust (`mod x;`, `use crate::x`). Package imports
 * that leave the tree are ignored.
 */
export function resolveImports(file: string, text: string, files: ReadonlySet<string>, goModule?: string): string[] {
  const ext = extensionOf(file);
  const found = JS_EXTENSIONS.includes(ext)
    ? fromJs(file, text, files)
    : ext === 'py'
      ? fromPython(file, text, files)
      : ext === 'go'
        ? fromGo(text, files, goModule)
        : ext === 'rs'
          ? fromRust(file, text, files)
          : [];
  return [...new Set(found)].filter((f) => f !== file);
}

const JS_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue', 'svelte', 'astro'];
const JS_TRY = ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'mts', 'cts', 'vue', 'svelte'];

// (?:import|export)\s[^;'"]*?from\s*['"](spec)['"] — import/export … from 'spec'
// import\s*['"](spec)['"]                            — bare side-effect import 'spec'
// (?:require|import)\s*\(\s*['"](spec)['"]\s*\)      — require('spec') / import('spec')
const JS_IMPORT = /(?:\b(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\))/g;

function fromJs(file: string, text: string, files: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(JS_IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? '';
    if (!spec.startsWith('./') && !spec.startsWith('../')) continue;
    const base = joinPath(dirName(file), spec);
    if (base === undefined) continue;
    const stripped = base.replace(/\.(m|c)?jsx?$/, '');
    const tries = [base, ...JS_TRY.map((e) => `${stripped}.${e}`), ...JS_TRY.map((e) => `${base}/index.${e}`)];
    const hit = tries.find((t) => files.has(t));
    if (hit) out.push(hit);
  }
  return out;
}

// ^\s*from\s+(\.*)([\w.]*)\s+import\s+ — from [dots]module import
//   (?:\(([^)]*)\)|([\w ,*]+))          — names: a parenthesised list (may span lines) or one line
// ^\s*import\s+([\w., ]+)$              — import a.b, c
const PY_FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(?:\(([^)]*)\)|([\w ,*]+))/gm;
const PY_IMPORT = /^[ \t]*import[ \t]+([\w., ]+)$/gm;

function fromPython(file: string, text: string, files: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const module = (dir: string, dotted: string) => {
    const stem = [dir, ...dotted.split('.').filter(Boolean)].filter((s) => s && s !== '.').join('/');
    return [`${stem}.py`, `${stem}/__init__.py`].find((t) => files.has(t));
  };
  const roots = ['.', 'src'];
  for (const m of text.matchAll(PY_FROM)) {
    const dots = m[1]!.length;
    const dotted = m[2]!;
    const names = (m[3] ?? m[4] ?? '').split(/[\s,]+/).filter((n) => /^\w+$/.test(n));
    const bases = dots ? [upDirs(dirName(file), dots - 1)] : roots;
    for (const base of bases) {
      if (base === undefined) continue;
      const hit = dotted ? module(base, dotted) : undefined;
      if (hit) out.push(hit);
      for (const name of names) {
        const sub = module(base, dotted ? `${dotted}.${name}` : name);
        if (sub) out.push(sub);
      }
    }
  }
  for (const m of text.matchAll(PY_IMPORT)) {
    for (const dotted of m[1]!.split(',').map((s) => s.trim().split(/\s+/)[0] ?? '')) {
      for (const base of roots) {
        const hit = dotted ? module(base, dotted) : undefined;
        if (hit) out.push(hit);
      }
    }
  }
  return out;
}

// "([^"]+)" inside an import line or an import ( … ) block
const GO_BLOCK = /\bimport\s*(?:\(([^)]*)\)|(?:\w+\s+)?"([^"]+)")/g;

function fromGo(text: string, files: ReadonlySet<string>, goModule: string | undefined): string[] {
  if (!goModule) return [];
  const specs: string[] = [];
  for (const m of text.matchAll(GO_BLOCK)) {
    if (m[2]) specs.push(m[2]);
    for (const q of (m[1] ?? '').matchAll(/"([^"]+)"/g)) specs.push(q[1]!);
  }
  const out: string[] = [];
  for (const spec of specs) {
    if (!spec.startsWith(`${goModule}/`)) continue;
    const dir = spec.slice(goModule.length + 1);
    for (const f of [...files].sort(compareStrings)) {
      if (dirName(f) === dir && f.endsWith('.go') && !f.endsWith('_test.go')) out.push(f);
    }
  }
  return out;
}

// ^\s*(?:pub\s+)?mod\s+(\w+)\s*;  — mod name;
// \buse\s+crate::(\w+)(?:::(\w+))? — use crate::a[::b]
const RS_MOD = /^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/gm;
const RS_USE = /\buse\s+crate::(\w+)(?:::(\w+))?/g;

function fromRust(file: string, text: string, files: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const dir = dirName(file);
  const base = file.slice(dir.length + 1).replace(/\.rs$/, '');
  const modDir = ['main', 'lib', 'mod'].includes(base) ? dir : `${dir}/${base}`;
  const tryMod = (d: string, name: string) => [`${d}/${name}.rs`, `${d}/${name}/mod.rs`].map(strip).find((t) => files.has(t));
  for (const m of text.matchAll(RS_MOD)) {
    const hit = tryMod(modDir, m[1]!);
    if (hit) out.push(hit);
  }
  for (const m of text.matchAll(RS_USE)) {
    const top = tryMod('src', m[1]!);
    if (top) out.push(top);
    const sub = m[2] ? tryMod(`src/${m[1]}`, m[2]) : undefined;
    if (sub) out.push(sub);
  }
  return out;
}

function strip(p: string): string {
  return p.startsWith('./') ? p.slice(2) : p;
}

/** Join a repo-relative dir and a relative specifier; undefined when it climbs out of the root. */
function joinPath(dir: string, spec: string): string | undefined {
  const parts = dir === '.' ? [] : dir.split('/');
  for (const part of spec.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function upDirs(dir: string, levels: number): string | undefined {
  let d = dir;
  for (let i = 0; i < levels; i++) {
    if (d === '.') return undefined;
    d = dirName(d);
  }
  return d;
}
