// This repository's own site: the kb portal at the root of an otherwise empty Astro project. Everything the
// portal does comes from its integration (src/integration/); its options come from `npm run build` / `npm run
// dev` flags and KB_* variables, read in one place (src/node/kbEnvironment.ts).
import { defineConfig } from 'astro/config';
import kbPortal from 'kb-portal';
import { kbPortalOptionsFromEnvironment } from 'kb-portal/environment';

export default defineConfig({
  trailingSlash: 'always',
  // Four pages in flight at once: a page waits for its file write while the next one renders.
  // Styles and scripts are files every page shares (cached once by the browser), never inlined into each page:
  // inlined, they cost ~8 kB a page (a 10,000-note site: ~80 MB).
  build: { format: 'directory', concurrency: 4, inlineStylesheets: 'never' },
  integrations: [kbPortal(kbPortalOptionsFromEnvironment(process.env))],
  // The pack builder's chunk is loaded only when a pack is built; the tokenizer's ranks (~2 MB) are a file it
  // fetches then, not a chunk (src/integration/tokenRanksPlugin.ts). Gzip sizes of the chunks are not computed
  // for the log (the benchmark measures what is emitted).
  vite: { build: { chunkSizeWarningLimit: 2500, reportCompressedSize: false, assetsInlineLimit: 0 } },
  devToolbar: { enabled: false },
  telemetry: false,
});
