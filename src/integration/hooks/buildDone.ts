// astro:build:done: once the notes are rendered and the packs built, the emit stage (src/site/emit/emitSite.ts):
// the unchanged pages of the previous build, the machine outputs, the notes' assets, Pagefind, the output's size.
import type { HookParameters } from 'astro';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitSite } from '../../site/emit/emitSite.js';
import type { PortalState } from '../../site/prepare/portalState.js';

export async function buildDone(state: PortalState, { dir, logger }: HookParameters<'astro:build:done'>): Promise<void> {
  await state.ready;
  const outDir = fileURLToPath(dir);
  await emitSite(state, outDir, logger);
  removeContentStubs(outDir);
}

/**
 * A site without content collections gets Astro's two empty content-layer stubs copied into its output as
 * `content-assets.mjs` and `content-modules.mjs`; nothing loads them. Removed only when they are the stubs.
 */
function removeContentStubs(outDir: string): void {
  for (const name of ['content-assets.mjs', 'content-modules.mjs']) {
    const file = join(outDir, name);
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === 'export default new Map();') rmSync(file);
  }
}
