// The integration's Vite plugin: the virtual modules pages import, the MDX notes' source, and the hand-over from
// the build's own work (note HTML, packs) to Astro's page rendering.
import type { Plugin, ViteDevServer } from 'vite';
import type { PortalRuntimeConfig } from '../core/site/portalData.js';

const CONFIG_ID = 'virtual:kb-portal/config';
const MDX_ID = 'virtual:kb-portal/mdx';
const resolved = (id: string) => `\0${id}`;

export interface PortalModules {
  /** Where pages read the data, and its generation. */
  runtime: () => PortalRuntimeConfig;
  /** Absolute path → source, for every `.mdx` note Astro compiles (the text the index read, never the raw file). */
  mdxSources: () => ReadonlyMap<string, { path: string; source: string }>;
  /** Resolves when everything pages read is on disk (awaited before Astro renders pages). */
  ready: () => Promise<void>;
}

export function portalVitePlugin(modules: PortalModules): Plugin {
  let ssrBuild = false;
  return {
    name: 'kb-portal',
    enforce: 'pre',
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    resolveId(id) {
      if (id === CONFIG_ID || id === MDX_ID) return resolved(id);
      return undefined;
    },
    load(id) {
      if (id === resolved(CONFIG_ID)) return `export default ${JSON.stringify(modules.runtime())};`;
      if (id === resolved(MDX_ID)) {
        const entries = [...modules.mdxSources()].map(([abs, { path }]) => `  ${JSON.stringify(path)}: () => import(${JSON.stringify(abs)}),`);
        return `export default {\n${entries.join('\n')}\n};`;
      }
      const note = modules.mdxSources().get(id.split('?')[0]!);
      return note ? note.source : undefined;
    },
    // The client bundle is Vite's last step before Astro renders pages: wait here for the note HTML and packs.
    async closeBundle() {
      if (!ssrBuild) await modules.ready();
    },
  };
}

/** Marks the virtual modules stale after the data changed (dev), so pages read the new generation. */
export function invalidatePortalModules(server: ViteDevServer): void {
  for (const env of Object.values(server.environments)) {
    for (const id of [CONFIG_ID, MDX_ID]) {
      const mod = env.moduleGraph.getModuleById(resolved(id));
      if (mod) env.moduleGraph.invalidateModule(mod);
    }
  }
}
