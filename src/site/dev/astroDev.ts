// `npm run dev` in a checkout: Astro's own dev server on the portal's sources, for work on its pages, components,
// islands and styles (a saved component shows at once, with Vite's hot reload). It runs in this process with the
// kbPortal() integration and the same typed options as `kb dev`, which users run: that one renders the site compiled
// with the package (devServer.ts) and starts in a second, with no Vite.
import type { KbPortalOptions } from '../options/kbPortalOptions.js';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';

/** Starts Astro's dev server on the portal's project (the package); resolves once it listens, with its address. */
export async function startAstroDev(
  options: KbPortalOptions,
  listen: { port: number; host: string | undefined; open: boolean },
): Promise<{ url: string; close: () => Promise<void> }> {
  process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
  process.env['ASTRO_DISABLE_UPDATE_CHECK'] ??= 'true';
  const [{ dev }, { default: kbPortal }] = await Promise.all([import('astro'), import('../../integration/index.js')]);
  process.chdir(PACKAGE_ROOT); // Astro keeps its working files (`.astro/`) beside its project
  const server = await dev({
    root: PACKAGE_ROOT,
    configFile: false,
    trailingSlash: 'always',
    build: { format: 'directory', inlineStylesheets: 'never' },
    integrations: [kbPortal(options)],
    devToolbar: { enabled: false },
    server: { port: listen.port, host: listen.host ?? 'localhost', open: listen.open },
  });
  return { url: `http://${listen.host ?? 'localhost'}:${server.address.port}/`, close: () => server.stop() };
}
