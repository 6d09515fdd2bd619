// The site: Astro over the kb core. KB_DIR picks the knowledge folder (default content/);
// site.url and site.base come from its kb.config.yaml so links work under a sub-path.
// Markdown: src/node/site/markdownConfig.ts (sanitised raw HTML; KB_TRUST_HTML=1 keeps it as written).
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { siteOptions } from './scripts/siteOptions.mjs';
import { markdownOptions, mdxOptions } from './src/node/site/markdownConfig.ts';
import { kbNoteAssets } from './src/node/site/emitNoteAssets.ts';

const { site, base, outDir, cacheDir } = siteOptions();
const trustHtml = process.env.KB_TRUST_HTML === '1' || process.env.KB_TRUST_HTML === 'true';

export default defineConfig({
  site,
  base,
  outDir,
  cacheDir,
  trailingSlash: 'always',
  // Four pages in flight at once: a page waits for its file write or its note's HTML from the render
  // workers while the next one renders (one at a time, a third of the 10,000-note build was idle waiting).
  build: { format: 'directory', concurrency: 4 },
  markdown: markdownOptions(trustHtml),
  integrations: [mdx(mdxOptions), kbNoteAssets()],
  // The pack builder's tokenizer chunk (o200k ranks, ~2 MB) is loaded only when a pack is built. Gzip sizes
  // of the chunks are not computed for the log (the benchmark measures what is emitted).
  vite: { build: { chunkSizeWarningLimit: 2500, reportCompressedSize: false } },
  devToolbar: { enabled: false },
  telemetry: false,
});
