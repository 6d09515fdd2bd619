import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { renderDiscovery } from '../../core/discover/renderDiscovery.js';
import type { PathDiscovery } from '../../core/discover/repoDigest.js';
import { loadKbConfig } from '../loadKbConfig.js';
import type { Registration } from './readRegistrations.js';
import { runDiscovery, type DiscoverResult } from './runDiscovery.js';

/** What `kb discover` prints: the `--json` object, the text, the warnings the text does not already carry, and whether it failed. */
export interface DiscoverOutput {
  json: { paths: PathDiscovery[]; warnings: string[] };
  /** The `<details>` annotations and files; empty when nothing was loaded. */
  text: string;
  /** Warnings for stderr: those the text does not already carry (zero signal, map-mode hint). */
  warnings: string[];
  /** A path was missing or restricted, or nothing could be loaded (the CLI exits 1). */
  failed: boolean;
}

/**
 * Discovery over the knowledge folder's registrations: `kb discover` and `kb mcp`'s `discover` tool both call it,
 * so they read the same files under the same security rules and answer the same JSON.
 */
export function discoverForTask(request: { refs: string[]; task: string; cwd: string; kbDir: string; home?: string | undefined }): DiscoverOutput {
  const result: DiscoverResult = runDiscovery({ ...request, registrations: kbRegistrations(request.kbDir) });
  const text = result.views.length ? renderDiscovery(result.views) : '';
  return {
    json: { paths: result.paths, warnings: result.warnings },
    text,
    warnings: result.warnings.filter((w) => !text.includes(w)),
    failed: result.paths.some((p) => p.status !== 'ok') || !result.views.length,
  };
}

/** kb.config.yaml `repos:`, as the index carries them (alias defaults to the folder's base name). */
function kbRegistrations(kbDir: string): Registration[] {
  if (!existsSync(kbDir)) return [];
  return loadKbConfig(kbDir).repos.map((r) => ({ path: r.path, alias: r.alias ?? basename(resolve(kbDir, r.path)), include: r.include, exclude: r.exclude }));
}
