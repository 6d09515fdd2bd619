// kbPortal(): the knowledge portal as one Astro integration. It indexes the knowledge folder once in its own
// process, injects the portal's pages under `prefix`, hands pages their data through a virtual module, renders
// Markdown in worker threads while Astro bundles, writes the machine outputs and the Pagefind index when the build
// is done, and in `astro dev` re-indexes on every change of the folder. One function a hook (hooks/), sharing one
// PortalState (portalState.ts). A host site reads the notes as a content collection through kb-portal/content.
//
//   import kbPortal from 'kb-portal';
//   export default defineConfig({ integrations: [kbPortal({ kb: './knowledge', prefix: '/kb/' })] });
import type { AstroIntegration } from 'astro';
import { buildDone } from './hooks/buildDone.js';
import { buildStart } from './hooks/buildStart.js';
import { configSetup } from './hooks/configSetup.js';
import { parseKbPortalOptions, type KbPortalOptionsInput } from '../site/options/kbPortalOptions.js';
import { PORTAL_NOTES_HOOK, portalNotes } from './portalNotes.js';
import { createPortalState } from '../site/prepare/portalState.js';

export type { KbPortalOptionsInput as KbPortalOptions } from '../site/options/kbPortalOptions.js';
export { SiteBuildError } from '../site/prepare/siteBuildError.js';

export default function kbPortal(input: KbPortalOptionsInput = {}): AstroIntegration {
  const state = createPortalState(parseKbPortalOptions(input));
  return {
    name: 'kb-portal',
    hooks: {
      'astro:config:setup': (params) => configSetup(state, params),
      'astro:build:start': (params) => buildStart(state, params),
      'astro:build:done': (params) => buildDone(state, params),
      // Not an Astro hook: how the content collection (kbNotes(), content.ts) finds this portal's notes.
      [PORTAL_NOTES_HOOK]: () => portalNotes(state),
    },
  };
}
