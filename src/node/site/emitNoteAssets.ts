import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mayUseMath } from '../../core/links/mayUseMath.js';
import { KATEX_CSS, MERMAID_JS } from '../../core/notePage/noteAssetPaths.js';
import type { AttachmentCopy } from './noteAttachments.js';

const MERMAID_FENCE = /^\s{0,3}(`{3,}|~{3,})\s*mermaid\b/im; // a fenced block in the mermaid language

/** One file note pages load: where it is read from, and its path under the portal's output folder. */
export interface NoteAsset {
  source: string;
  output: string;
  /** Published instead of the source's bytes (a text attachment with its credentials redacted). */
  text?: string | undefined;
}

/**
 * Everything note pages load that is not a page: the attachments published notes use (planned by
 * noteAttachments.ts); when some note may hold math, KaTeX's stylesheet and its WOFF2 fonts; when some note has a
 * diagram, mermaid's prebuilt browser module and its chunks (copied as they are: bundling mermaid through Vite
 * cost ~75 s on every build). All from installed packages; nothing is fetched. The build copies them
 * (emitNoteAssets); `astro dev` serves them from where they are.
 */
export function noteAssets(site: { attachments: readonly AttachmentCopy[]; bodies: ReadonlyMap<string, string> }): {
  files: NoteAsset[];
  katex: boolean;
  mermaid: boolean;
} {
  const files: NoteAsset[] = site.attachments.map((a) => ({ source: a.source, output: a.output, ...(a.text !== undefined ? { text: a.text } : {}) }));
  const require = createRequire(import.meta.url);
  const katex = [...site.bodies.values()].some(mayUseMath);
  if (katex) {
    const dist = dirname(require.resolve('katex/dist/katex.min.css'));
    files.push({ source: join(dist, 'katex.min.css'), output: KATEX_CSS });
    for (const f of readdirSync(join(dist, 'fonts')).filter((f) => f.endsWith('.woff2')))
      files.push({ source: join(dist, 'fonts', f), output: join('katex', 'fonts', f) });
  }
  const mermaid = [...site.bodies.values()].some((b) => MERMAID_FENCE.test(b));
  if (mermaid) {
    const dist = dirname(require.resolve('mermaid/dist/mermaid.esm.min.mjs'));
    const chunks = join('chunks', 'mermaid.esm.min');
    files.push({ source: join(dist, 'mermaid.esm.min.mjs'), output: MERMAID_JS });
    for (const f of readdirSync(join(dist, chunks)).filter((f) => f.endsWith('.mjs')))
      files.push({ source: join(dist, chunks, f), output: join('mermaid', chunks, f) });
  }
  return { files, katex, mermaid };
}

/** Copies the note assets into the portal's output folder, once the pages are written. */
export function emitNoteAssets(
  site: { attachments: readonly AttachmentCopy[]; bodies: ReadonlyMap<string, string> },
  outDir: string,
): { attachments: number; katex: boolean; mermaid: boolean } {
  const { files, katex, mermaid } = noteAssets(site);
  for (const f of files) {
    mkdirSync(dirname(join(outDir, f.output)), { recursive: true });
    if (f.text !== undefined) writeFileSync(join(outDir, f.output), f.text);
    else copyFileSync(f.source, join(outDir, f.output));
  }
  return { attachments: site.attachments.length, katex, mermaid };
}
