// The one case `kb build` cannot render on the compiled site: `.mdx` notes whose code is more than data, which
// `--trust-html` lets run and only Astro's bundler can compile (their imports, their components). Then the whole site
// is built by Astro, in this process, with the kbPortal() integration and the same typed options, as a host site's
// `astro build` does: the same stages (src/site/), the same pages, bundled for this folder (slower: Vite runs).
import type { KbPortalOptions } from './options/kbPortalOptions.js';
import { PACKAGE_ROOT } from '../node/packageRoot.js';

/** Builds the site with Astro into `outDir` (its project: the package, whose folder Astro writes its working files to). */
export async function buildWithAstro(options: KbPortalOptions, outDir: string): Promise<void> {
  // Nothing a build does reaches the network: no telemetry, no check for a newer Astro.
  process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
  process.env['ASTRO_DISABLE_UPDATE_CHECK'] ??= 'true';
  const [{ build }, { default: kbPortal }] = await Promise.all([import('astro'), import('../integration/index.js')]);
  // Astro resolves some of its working files (`.astro/`) against the working directory: the package's, for the build.
  const cwd = process.cwd();
  process.chdir(PACKAGE_ROOT);
  try {
    await astroBuild(build, kbPortal, options, outDir);
  } finally {
    process.chdir(cwd);
  }
}

async function astroBuild(
  build: typeof import('astro').build,
  kbPortal: typeof import('../integration/index.js').default,
  options: KbPortalOptions,
  outDir: string,
): Promise<void> {
  await build({
    root: PACKAGE_ROOT,
    configFile: false,
    outDir,
    trailingSlash: 'always',
    build: { format: 'directory', concurrency: 4, inlineStylesheets: 'never' },
    integrations: [kbPortal(options)],
    devToolbar: { enabled: false },
    vite: { build: { chunkSizeWarningLimit: 2500, reportCompressedSize: false, assetsInlineLimit: 0 } },
  });
}
