// What the build emits: bytes on disk and gzipped (zlib level 6, what static hosts commonly serve), in total
// and per kind of file, plus the gzipped size of a given list of files (the island's first-query payload).
import { readFileSync, readdirSync, statSync } from 'node:fs';
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
  return {
    total,
    byKind,
    notePages: {
      pages: notePages.length,
      medianBytes: median(notePages.map((p) => p.bytes)),
      medianGzip: median(notePages.map((p) => p.gzip)),
      maxGzip: Math.max(0, ...notePages.map((p) => p.gzip)),
    },
  };
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
