// What the build emits: bytes on disk and gzipped (zlib level 6, what static hosts commonly serve), in total
// and per kind of file, plus the gzipped size of a given list of files (the island's first-query payload).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizeLine {
  files: number;
  bytes: number;
  gzip: number;
}

export interface EmittedSize {
  total: SizeLine;
  /** html, js, css, json, md, txt, pagefind (everything under pagefind/ and its shards pagefind-2/, …), other. */
  byKind: Record<string, SizeLine>;
  /** Note pages (`notes/**\/index.html`): how many, and the median and largest, raw and gzipped. */
  notePages: { pages: number; medianBytes: number; medianGzip: number; maxGzip: number };
  /** The global graph's one file (`kb-graph.json`), when the site has one. */
  graphFile?: SizeLine | undefined;
  /** The graph island a reader loads on opening a graph: its chunk and every chunk it imports. */
  graphScript?: SizeLine | undefined;
}

export function gzipSize(buf: Buffer): number {
  return gzipSync(buf, { level: 6 }).length;
}

export function measureEmitted(dir: string): EmittedSize {
  const total: SizeLine = { files: 0, bytes: 0, gzip: 0 };
  const byKind: Record<string, SizeLine> = {};
  const notePages: { bytes: number; gzip: number }[] = [];
  for (const file of walkFiles(dir)) {
    const buf = readFileSync(file);
    const gz = gzipSize(buf);
    const rel = relative(dir, file).split(sep).join('/');
    const kind = fileKind(rel);
    if (isNotePage(rel)) notePages.push({ bytes: buf.length, gzip: gz });
    const line = (byKind[kind] ??= { files: 0, bytes: 0, gzip: 0 });
    for (const l of [total, line]) {
      l.files++;
      l.bytes += buf.length;
      l.gzip += gz;
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
  const graphFile = sizeOf([join(dir, 'kb-graph.json')].filter((f) => existsSync(f)));
  const astro = join(dir, '_astro');
  const island = existsSync(astro) ? readdirSync(astro).find((f) => /^kbGraph\.[\w-]+\.js$/.test(f)) : undefined;
  return {
    total,
    byKind,
    notePages: {
      pages: notePages.length,
      medianBytes: median(notePages.map((p) => p.bytes)),
      medianGzip: median(notePages.map((p) => p.gzip)),
      maxGzip: Math.max(0, ...notePages.map((p) => p.gzip)),
    },
    ...(graphFile ? { graphFile } : {}),
    ...(island ? { graphScript: sizeOf(chunkClosure(astro, island)) } : {}),
  };
}

/** Files' bytes and gzipped bytes added up; undefined for none. */
function sizeOf(files: readonly string[]): SizeLine | undefined {
  if (!files.length) return undefined;
  const line: SizeLine = { files: 0, bytes: 0, gzip: 0 };
  for (const f of files) {
    const buf = readFileSync(f);
    line.files++;
    line.bytes += buf.length;
    line.gzip += gzipSize(buf);
  }
  return line;
}

/** A script chunk and the chunks it imports statically (`from"./x.js"`), each once. */
export function chunkClosure(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !existsSync(join(dir, name))) return;
    seen.add(name);
    // from"./chunk.js" — a static import of a sibling chunk (dynamic import("./x.js") is loaded later, if ever)
    for (const m of readFileSync(join(dir, name), 'utf8').matchAll(/from\s*["']\.\/([\w.-]+\.js)["']/g)) visit(m[1]!);
  };
  visit(entry);
  return [...seen].map((f) => join(dir, f));
}

/** A note's page in the output (`notes/<slug>/index.html`), not a note's `.md` or another page. */
export function isNotePage(rel: string): boolean {
  return /^notes\/.+\/index\.html$/.test(rel);
}

export function fileKind(rel: string): string {
  if (/^pagefind(-\d+)?\//.test(rel)) return 'pagefind';
  const ext = extname(rel).slice(1).toLowerCase();
  if (ext === 'mjs') return 'js';
  return ['html', 'js', 'css', 'json', 'md', 'txt', 'xml'].includes(ext) ? ext : 'other';
}

export function* walkFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) yield* walkFiles(abs);
    else yield abs;
  }
}
