// Served by the kbPortal integration's Vite plugin (src/integration/vitePlugin.ts).
declare module 'virtual:kb-portal/config' {
  const config: import('../core/site/portalData.ts').PortalRuntimeConfig;
  export default config;
}

declare module 'virtual:kb-portal/mdx' {
  /** The `.mdx` notes that compile, by note path: each an Astro component module. */
  const modules: Record<
    string,
    () => Promise<{
      default: import('astro/runtime/server/index.js').AstroComponentFactory;
      /** Headings with their ids, as Astro's MDX modules export them. */
      getHeadings?: () => { depth: number; slug: string; text: string }[];
    }>
  >;
  export default modules;
}
