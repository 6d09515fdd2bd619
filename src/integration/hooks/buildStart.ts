// astro:build:start: the notes' Markdown and the packs (src/site/render/renderNoteBodies.ts) while Astro bundles;
// pages and astro:build:done wait for them through `state.ready`.
import type { HookParameters } from 'astro';
import { renderNoteBodies } from '../../site/render/renderNoteBodies.js';
import type { PortalState } from '../../site/prepare/portalState.js';

export function buildStart(state: PortalState, { logger }: HookParameters<'astro:build:start'>): void {
  void renderNoteBodies(state, logger);
}
