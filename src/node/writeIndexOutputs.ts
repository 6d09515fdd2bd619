import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KbIndex } from '../core/index/kbIndexSchema.js';
import { renderCategoriesTxt, renderIndexMd, renderTagsTxt } from '../core/render/renderIndexMd.js';

/** File names of the machine outputs, at the site root and in `kb index --out`. */
export const OUTPUT_FILES = { index: 'kb-index.json', indexMd: 'index.md', tags: 'kb-tags.txt', categories: 'kb-categories.txt' } as const;

/** Serialise the index with a stable key order and a trailing newline. */
export function serialiseIndex(index: KbIndex): string {
  return `${JSON.stringify(index)}\n`;
}

/**
 * Write the four outputs. Each is written beside its final name and renamed over it, so a build that
 * fails or is interrupted never leaves a half-written file where the previous one was.
 */
export function writeIndexOutputs(outDir: string, index: KbIndex): string[] {
  mkdirSync(outDir, { recursive: true });
  const files: [string, string][] = [
    [OUTPUT_FILES.index, serialiseIndex(index)],
    [OUTPUT_FILES.indexMd, renderIndexMd(index)],
    [OUTPUT_FILES.tags, renderTagsTxt(index)],
    [OUTPUT_FILES.categories, renderCategoriesTxt(index)],
  ];
  const tmp = files.map(([name]) => join(outDir, `.${name}.${process.pid}.tmp`));
  try {
    files.forEach(([, text], i) => writeFileSync(tmp[i]!, text));
    files.forEach(([name], i) => renameSync(tmp[i]!, join(outDir, name)));
  } finally {
    for (const t of tmp) rmSync(t, { force: true });
  }
  return files.map(([name]) => name);
}
