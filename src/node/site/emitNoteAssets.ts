import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mayUseMath } from '../../core/links/mayUseMath.js';
import { copyAttachments } from './noteAttachments.js';
import { getSiteData, type SiteData } from './siteData.js';

/** Where KaTeX's stylesheet is published (its fonts beside it, in `katex/fonts/`). */
export const KATEX_CSS = 'katex/katex.min.css';
/** Where mermaid's browser build is published (its chunks beside it): the diagram island imports it from there. */
export const MERMAID_JS = 'mermaid/mermaid.esm.min.mjs';

const MERMAID_FENCE = /^\s{0,3}(`{3,}|~{3,})\s*mermaid\b/im; // a fenced block in the mermaid language

/**
 * Everything note pages load that is not a page: the attachments published notes use (site.attachments,
 * planned by noteAttachments.ts); when some note may hold math, KaTeX's stylesheet and its WOFF2 fonts; when
 * some note has a diagram, mermaid's prebuilt browser module and its chunks (copied as they are: bundling
 * mermaid through Vite cost ~75 s on every build). All from installed packages; nothing is fetched.
 * Called once the pages are written (Astro's `astro:build:done`, with its output folder).
 */
export function emitNoteAssets(site: Pick<SiteData, 'attachments' | 'bodies'>, outDir: string): { attachments: number; katex: boolean; mermaid: boolean } {
  copyAttachments(site.attachments, outDir);
  const katex = [...site.bodies.values()].some(mayUseMath);
  if (katex) {
    const dist = dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
    mkdirSync(join(outDir, 'katex', 'fonts'), { recursive: true });
    copyFileSync(join(dist, 'katex.min.css'), join(outDir, KATEX_CSS));
    for (const f of readdirSync(join(dist, 'fonts')).filter((f) => f.endsWith('.woff2')))
      copyFileSync(join(dist, 'fonts', f), join(outDir, 'katex', 'fonts', f));
  }
  const mermaid = [...site.bodies.values()].some((b) => MERMAID_FENCE.test(b));
  if (mermaid) {
    const dist = dirname(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.esm.min.mjs'));
    const chunks = join('chunks', 'mermaid.esm.min');
    mkdirSync(join(outDir, 'mermaid', chunks), { recursive: true });
    copyFileSync(join(dist, 'mermaid.esm.min.mjs'), join(outDir, MERMAID_JS));
    for (const f of readdirSync(join(dist, chunks)).filter((f) => f.endsWith('.mjs'))) copyFileSync(join(dist, chunks, f), join(outDir, 'mermaid', chunks, f));
  }
  return { attachments: site.attachments.length, katex, mermaid };
}

/** The Astro integration that runs it (the lead's site integration can call emitNoteAssets from its own hook). */
export function kbNoteAssets() {
  return {
    name: 'kb-note-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }: { dir: URL; logger: { info(msg: string): void } }) => {
        const r = emitNoteAssets(getSiteData(), fileURLToPath(dir));
        logger.info(`kb: ${r.attachments} attachments copied${r.katex ? ', KaTeX stylesheet and fonts' : ''}${r.mermaid ? ', mermaid' : ''}`);
      },
    },
  };
}
