import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mayUseMath } from '../../core/links/mayUseMath.js';
import { copyAttachments } from './noteAttachments.js';
import type { SiteData } from './siteData.js';

/** Where KaTeX's stylesheet is published (its fonts beside it, in `katex/fonts/`). */
export const KATEX_CSS = 'katex/katex.min.css';

/**
 * Everything note pages load that is not a page: the attachments published notes use (site.attachments,
 * planned by noteAttachments.ts) and, when some note may hold math, KaTeX's stylesheet and its WOFF2 fonts
 * from the installed katex package (nothing is fetched). Called once the pages are written (Astro's
 * `astro:build:done`, with its output folder).
 */
export function emitNoteAssets(site: Pick<SiteData, 'attachments' | 'bodies'>, outDir: string): { attachments: number; katex: boolean } {
  copyAttachments(site.attachments, outDir);
  const katex = [...site.bodies.values()].some(mayUseMath);
  if (katex) {
    const dist = dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
    mkdirSync(join(outDir, 'katex', 'fonts'), { recursive: true });
    copyFileSync(join(dist, 'katex.min.css'), join(outDir, KATEX_CSS));
    for (const f of readdirSync(join(dist, 'fonts')).filter((f) => f.endsWith('.woff2')))
      copyFileSync(join(dist, 'fonts', f), join(outDir, 'katex', 'fonts', f));
  }
  return { attachments: site.attachments.length, katex };
}

/** The Astro integration that runs it (the lead's site integration can call emitNoteAssets from its own hook). */
export function kbNoteAssets() {
  return {
    name: 'kb-note-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(msg: string): void } }) => {
        const { fileURLToPath } = await import('node:url');
        const { getSiteData } = await import('./siteData.js');
        const r = emitNoteAssets(getSiteData(), fileURLToPath(dir));
        logger.info(`kb: ${r.attachments} attachments copied${r.katex ? ', KaTeX stylesheet and fonts' : ''}`);
      },
    },
  };
}
