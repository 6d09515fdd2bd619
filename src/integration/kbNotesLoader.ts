// The content-layer loader behind kbNotes(): one entry a published note, keyed by its slug, from the notes the
// kbPortal() integration of the same Astro config indexed (portalNotes.ts). In `astro dev` it loads again each
// time the portal has indexed the folder again, so the collection and the portal's pages never disagree.
import type { AstroConfig } from 'astro';
import type { Loader } from 'astro/loaders';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSitePaths } from '../core/site/sitePaths.js';
import { PORTAL_NOTES_HOOK, type PortalNotes } from './portalNotes.js';

export interface KbNotesOptions {
  /**
   * The knowledge folder of the kbPortal() integration to read, relative to the Astro project's root or absolute:
   * only needed when the site mounts more than one portal. Default: the site's one kbPortal().
   */
  kb?: string;
}

export function kbNotesLoader(options: KbNotesOptions = {}): Loader {
  return {
    name: 'kb-portal',
    load: async ({ config, store, parseData, generateDigest, watcher, logger }) => {
      const portal = findPortal(config, options);
      const paths = createSitePaths(portal.root);
      const sync = async () => {
        const seen = new Set<string>();
        for (const note of portal.notes()) {
          const data = await parseData({ id: note.slug, data: { ...note, url: paths.note(note.slug) } });
          store.set({ id: note.slug, data, digest: generateDigest(data) });
          seen.add(note.slug);
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
      };
      await sync();
      watcher?.on('change', (file) => {
        if (file === portal.reindexed) sync().catch((err: unknown) => logger.error(`kb: ${err instanceof Error ? err.message : String(err)}`));
      });
    },
  };
}

/** The kbPortal() integration the collection reads, or an error that says what to add to the Astro config. */
export function findPortal(config: Pick<AstroConfig, 'integrations' | 'root'>, options: KbNotesOptions): PortalNotes {
  const portals = config.integrations.flatMap((i) => {
    const hook = (i.hooks as Record<string, unknown>)[PORTAL_NOTES_HOOK];
    return typeof hook === 'function' ? [(hook as () => PortalNotes)()] : [];
  });
  if (portals.length === 0)
    throw new Error("kbNotes(): the Astro config has no kbPortal() integration — add kbPortal({ kb: './knowledge' }) to `integrations` in astro.config.mjs.");
  if (options.kb === undefined) {
    if (portals.length === 1) return portals[0]!;
    throw new Error(`kbNotes(): the Astro config has ${portals.length} kbPortal() integrations — pass kbNotes({ kb }) with the folder of the one to read.`);
  }
  const kbDir = isAbsolute(options.kb) ? options.kb : resolve(fileURLToPath(config.root), options.kb);
  const portal = portals.find((p) => p.kbDir === kbDir);
  if (portal) return portal;
  throw new Error(`kbNotes({ kb: '${options.kb}' }): no kbPortal() integration indexes ${kbDir} (they index ${portals.map((p) => p.kbDir).join(', ')}).`);
}
