// The site: Astro over the kb core. KB_DIR picks the knowledge folder (default content/);
// site.url and site.base come from its kb.config.yaml so links work under a sub-path.
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { siteOptions } from './scripts/siteOptions.mjs';

const { site, base, outDir } = siteOptions();

export default defineConfig({
  site,
  base,
  outDir,
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [mdx()],
  telemetry: false,
});
