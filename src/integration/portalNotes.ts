// What kbPortal() hands the content collection (kbNotes(), content.ts): the folder, the portal's URL root and the
// notes as the integration indexed them. The integration exposes it as a custom hook, PORTAL_NOTES_HOOK, so the
// loader finds it in Astro's own config (LoaderContext.config.integrations) without a global, even when the
// content config loads a second copy of this package through Vite.
import { join } from 'node:path';
import type { NoteEntry } from '../core/index/kbIndexSchema.js';
import { PORTAL_FILES } from '../core/site/portalData.js';
import { indexKnowledgeFolder, requireNotes } from '../node/indexKnowledgeFolder.js';
import { KnowledgeFolderError } from '../node/knowledgeFolderError.js';
import { ConfigError } from '../node/loadKbConfig.js';
import type { PortalState } from '../site/prepare/portalState.js';
import { SiteBuildError } from '../site/prepare/siteBuildError.js';

/** The name of the hook on kbPortal()'s integration object that returns its PortalNotes. */
export const PORTAL_NOTES_HOOK = 'kb-portal:notes';

export interface PortalNotes {
  /** The knowledge folder, absolute. */
  kbDir: string;
  /** base + prefix: the URL path of the portal's home page, under which each note's page is. */
  root: string;
  /** The file `astro dev` reports changed once it has indexed the folder again (devPreview.ts). */
  reindexed: string;
  /**
   * The published notes: those of the build's own indexing when there was one (`astro build`, `astro dev`), so
   * the folder is read once; else (`astro sync`, `astro check`) the folder indexed now, through the build's
   * index cache. Throws SiteBuildError for a folder that is missing, holds no note or has a bad kb.config.yaml.
   */
  notes: () => readonly NoteEntry[];
}

export function portalNotes(state: PortalState): PortalNotes {
  const cfg = state.config;
  if (cfg === undefined) throw new Error('kb-portal: kbNotes() ran before kbPortal() was set up (internal error)');
  return {
    kbDir: cfg.kbDir,
    root: cfg.root,
    reindexed: join(cfg.dataDir, PORTAL_FILES.site),
    notes: () => {
      if (state.site) return state.site.model.index.notes;
      try {
        const result = indexKnowledgeFolder(cfg.kbDir, { cacheDir: join(cfg.cacheDir, 'index'), allowSecrets: cfg.allowSecrets });
        return requireNotes(result, cfg.kbDir).index.notes;
      } catch (err) {
        if (err instanceof ConfigError) throw new SiteBuildError(err.lines);
        if (err instanceof KnowledgeFolderError) throw new SiteBuildError([err.message]);
        throw err;
      }
    },
  };
}
